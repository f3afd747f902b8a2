import { FileInput, type FileInputProps, Image, Stack, Text } from "@mantine/core";
import { IconPhoto } from "@tabler/icons-react";
import { MAX_IMAGE_BYTES, serverMessages } from "@visadesk/contract/common-constants";
import { useEffect, useState } from "react";
import { assetUrl } from "../lib/env";
import { SecureImage } from "./secure-image";

/** An object URL showing a chosen file before it is uploaded; released when the file changes. */
export function useFilePreview(file: File | null): string | undefined {
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!file) {
      setUrl(undefined);
      return;
    }
    const objectUrl = URL.createObjectURL(file);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [file]);
  return url;
}

/** Whether a file's name or type matches an accept attribute (".png,image/jpeg"...). */
export function acceptsFile(accept: string, file: Pick<File, "name" | "type">): boolean {
  const extension = `.${file.name.split(".").pop()?.toLowerCase() ?? ""}`;
  return accept
    .split(",")
    .map((entry) => entry.trim().toLowerCase())
    .some((entry) =>
      entry.startsWith(".")
        ? entry === extension
        : entry.endsWith("/*")
          ? file.type.startsWith(entry.slice(0, -1))
          : entry === file.type,
    );
}

/** The first bytes of a file, where image formats put their signatures. */
function headOf(file: File): Promise<Uint8Array> {
  return new Promise((resolve, reject) => {
    const reader = new FileReader();
    reader.onload = () => resolve(new Uint8Array(reader.result as ArrayBuffer));
    reader.onerror = () => reject(reader.error);
    reader.readAsArrayBuffer(file.slice(0, 4100));
  });
}

/**
 * Why a chosen file is refused here (wrong type or over 5 MB), or undefined when it may be sent. The type is
 * judged by the file's first bytes too, as the server does: a text file renamed .png is no image.
 */
export async function refusalOf(file: File, accept: string, typeError: string): Promise<string | undefined> {
  if (!acceptsFile(accept, file)) return typeError;
  if (file.size > MAX_IMAGE_BYTES) return serverMessages.fileTooLarge;
  // The content sniffer (about 20 KB compressed) loads with the first file chosen, not with every form. If
  // it cannot load (offline), the server's own check of the content still decides.
  const sniffer = await import("file-type").catch(() => undefined);
  if (!sniffer) return undefined;
  const content = await headOf(file)
    .then(sniffer.fileTypeFromBuffer)
    .catch(() => undefined);
  if (!content || !acceptsFile(accept, { name: `content.${content.ext}`, type: content.mime }))
    return typeError;
  return undefined;
}

/**
 * The picker of every image field: Mantine's FileInput, its button named by the label, with a photo icon,
 * a readable placeholder and a Remove button once a file is chosen.
 */
export function ImageFileInput(props: Omit<FileInputProps, "multiple"> & { label: string }) {
  return (
    <FileInput
      placeholder="Choose an image"
      leftSection={<IconPhoto size={18} aria-hidden />}
      // Mantine's placeholder grey is under AA contrast; the product's dimmed text passes in both schemes.
      styles={{ placeholder: { color: "var(--mantine-color-dimmed)" } }}
      clearable
      clearButtonProps={{ "aria-label": `Remove the chosen ${props.label.toLowerCase()}` }}
      {...props}
    />
  );
}

export interface ImageUploadProps {
  label: string;
  /** The browser's accept attribute: LOGO_ACCEPT (png, jpg, jpeg) for consultants, "image/*" for app users. */
  accept: string;
  file: File | null;
  onChange: (file: File | null) => void;
  /** Shown under the input when the chosen file is refused (type or size). */
  typeError: string;
  /** The stored image's relative path (edit mode), previewed until another file is chosen. */
  existing?: string | null | undefined;
  /** The stored image is private (CNIC): fetched with the bearer token instead of by URL. */
  isPrivate?: boolean;
  description?: string;
  disabled?: boolean;
  /** An error from the server for this image. */
  error?: string | undefined;
}

/**
 * One image field with a preview of the chosen or stored image: the same styled picker as every image
 * field (Mantine's FileInput, its button named by the label), never the browser's bare "Choose File".
 * Files of the wrong type or over 5 MB are refused here already, with a message; the server checks them
 * again by content.
 */
export function ImageUpload(props: ImageUploadProps) {
  const preview = useFilePreview(props.file);
  const [refusal, setRefusal] = useState<string>();
  const error = refusal ?? props.error;
  const alt = `${props.label} preview`;
  let shown = null;
  if (preview) shown = <Image src={preview} alt={alt} h={96} w="auto" fit="contain" radius="sm" />;
  else if (props.existing && props.isPrivate)
    shown = <SecureImage path={props.existing} alt={alt} h={96} w="auto" fit="contain" />;
  else if (props.existing)
    shown = <Image src={assetUrl(props.existing)} alt={alt} h={96} w="auto" fit="contain" radius="sm" />;

  return (
    <Stack gap={6}>
      <ImageFileInput
        label={props.label}
        description={props.description}
        placeholder={props.existing ? "Choose another image" : "Choose an image"}
        accept={props.accept}
        disabled={props.disabled}
        value={props.file}
        error={error}
        onChange={async (file) => {
          const refused = file ? await refusalOf(file, props.accept, props.typeError) : undefined;
          setRefusal(refused);
          props.onChange(refused ? null : file);
        }}
      />
      {shown ?? (
        <Text size="xs" c="dimmed">
          No image selected
        </Text>
      )}
    </Stack>
  );
}
