import { ActionIcon, Avatar, Card, FileButton, Stack, Text, Tooltip } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { LOGO_ACCEPT, serverMessages } from "@visadesk/contract/common";
import { useState } from "react";
import { acceptsFile, useFilePreview } from "../../../components/image-upload";
import { assetUrl } from "../../../lib/env";

interface ProfilePictureCardProps {
  name: string;
  email: string;
  /** The stored picture's relative path (edit mode). */
  existing: string | null | undefined;
  file: File | null;
  onChange: (file: File) => void;
}

/** The form's side card: the profile picture with a camera button taking png, jpg or jpeg only. */
export function ProfilePictureCard({ name, email, existing, file, onChange }: ProfilePictureCardProps) {
  const preview = useFilePreview(file);
  const [refusal, setRefusal] = useState<string>();
  return (
    <Card withBorder padding="lg">
      <Stack align="center" gap="xs">
        <div style={{ position: "relative" }}>
          <Avatar
            src={preview ?? assetUrl(existing) ?? null}
            alt={`Profile picture of ${name || "the consultant"}`}
            size={120}
            radius={120}
          />
          <FileButton
            accept={LOGO_ACCEPT}
            onChange={(chosen) => {
              if (!chosen) return;
              if (!acceptsFile(LOGO_ACCEPT, chosen)) return setRefusal(serverMessages.fileTypePngJpeg);
              setRefusal(undefined);
              onChange(chosen);
            }}
          >
            {(props) => (
              <Tooltip label="Upload profile picture">
                <ActionIcon
                  {...props}
                  radius="xl"
                  size="lg"
                  aria-label="Upload profile picture"
                  style={{ position: "absolute", right: 0, bottom: 0 }}
                >
                  <IconCamera size={18} aria-hidden />
                </ActionIcon>
              </Tooltip>
            )}
          </FileButton>
        </div>
        <Text fw={600} ta="center">
          {name || "New Consultant"}
        </Text>
        <Text size="sm" c="dimmed" ta="center">
          {email || "No email yet"}
        </Text>
        <Text size="xs" c="dimmed">
          PNG, JPG or JPEG
        </Text>
        {refusal && (
          <Text size="sm" c="red.8" role="alert">
            {refusal}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
