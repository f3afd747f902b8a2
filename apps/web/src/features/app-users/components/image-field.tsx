import { Image, Input, Stack, Text } from "@mantine/core";
import { useId } from "react";
import { SecureImage } from "../../../components/secure-image";
import { assetUrl } from "../../../lib/env";
import { useFilePreview } from "./use-file-preview";

interface ImageFieldProps {
  label: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** The stored image's relative path (edit mode), previewed until another file is chosen. */
  existing?: string | null | undefined;
  /** CNIC images are private: fetched with the bearer token instead of by URL. */
  isPrivate?: boolean;
  disabled?: boolean;
}

/** A file input for one image (any image type, spec section 5) with a preview of the chosen or stored image. */
export function ImageField({ label, file, onChange, existing, isPrivate, disabled }: ImageFieldProps) {
  const id = useId();
  const preview = useFilePreview(file);
  const alt = `${label} preview`;
  let shown = null;
  if (preview) shown = <Image src={preview} alt={alt} h={120} w="auto" fit="contain" radius="sm" />;
  else if (existing && isPrivate)
    shown = <SecureImage path={existing} alt={alt} h={120} w="auto" fit="contain" />;
  else if (existing)
    shown = <Image src={assetUrl(existing)} alt={alt} h={120} w="auto" fit="contain" radius="sm" />;

  return (
    <Stack gap={6}>
      <Input.Wrapper label={label} labelProps={{ htmlFor: id }}>
        <input
          id={id}
          type="file"
          accept="image/*"
          disabled={disabled}
          onChange={(event) => onChange(event.currentTarget.files?.[0] ?? null)}
          style={{ display: "block", marginTop: 4, fontSize: "var(--mantine-font-size-sm)" }}
        />
      </Input.Wrapper>
      {shown ?? (
        <Text size="xs" c="dimmed">
          No image selected
        </Text>
      )}
    </Stack>
  );
}
