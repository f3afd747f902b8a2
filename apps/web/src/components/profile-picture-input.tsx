import { Avatar, Group } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { formatBytes } from "@visadesk/contract/common-constants";
import { useEffect, useState } from "react";
import { ImageFileInput } from "./image-upload";

/** An optional image with a live preview (the object URL is released when the file changes). */
export function ProfilePictureInput({
  value,
  onChange,
  error,
  maxBytes,
}: {
  value: File | null;
  onChange: (file: File | null) => void;
  error?: string | undefined;
  /** The form's own limit: the public registration form takes smaller pictures than signed-in ones. */
  maxBytes: number;
}) {
  const [preview, setPreview] = useState<string | null>(null);
  useEffect(() => {
    if (!value) {
      setPreview(null);
      return;
    }
    const url = URL.createObjectURL(value);
    setPreview(url);
    return () => URL.revokeObjectURL(url);
  }, [value]);

  return (
    <Group align="flex-end" wrap="nowrap">
      <Avatar src={preview} size={64} radius="xl" alt={value ? "Profile picture preview" : ""} color="indigo">
        <IconPhoto size={28} aria-hidden />
      </Avatar>
      <ImageFileInput
        style={{ flex: 1 }}
        label="Profile picture"
        description={`Optional. Any image up to ${formatBytes(maxBytes)}.`}
        accept="image/*"
        value={value}
        onChange={onChange}
        error={error}
      />
    </Group>
  );
}
