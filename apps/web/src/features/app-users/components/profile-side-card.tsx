import { ActionIcon, Avatar, Card, FileButton, Stack, Text } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { LOGO_ACCEPT } from "@visadesk/contract/common";
import { assetUrl } from "../../../lib/env";
import { useFilePreview } from "./use-file-preview";

interface ProfileSideCardProps {
  name: string;
  email: string;
  /** The stored picture's relative path (edit mode). */
  existing?: string | null | undefined;
  file: File | null;
  /** Edit mode changes the picture here, through the camera button (spec section 2). */
  onChange?: ((file: File | null) => void) | undefined;
}

/** The side avatar of the app-user form: the chosen or stored profile picture. */
export function ProfileSideCard({ name, email, existing, file, onChange }: ProfileSideCardProps) {
  const preview = useFilePreview(file);
  const src = preview ?? assetUrl(existing) ?? null;
  return (
    <Card withBorder padding="lg">
      <Stack align="center" gap="xs">
        <div style={{ position: "relative" }}>
          <Avatar src={src} alt={src ? "Profile picture preview" : undefined} size={120} radius={120}>
            {name.slice(0, 1).toUpperCase() || "?"}
          </Avatar>
          {onChange && (
            <FileButton onChange={onChange} accept={LOGO_ACCEPT}>
              {(props) => (
                <ActionIcon
                  {...props}
                  radius="xl"
                  size="lg"
                  aria-label="Change profile picture"
                  style={{ position: "absolute", right: 0, bottom: 0 }}
                >
                  <IconCamera size={18} aria-hidden />
                </ActionIcon>
              )}
            </FileButton>
          )}
        </div>
        <Text fw={600}>{name || "New App User"}</Text>
        {email && (
          <Text size="sm" c="dimmed">
            {email}
          </Text>
        )}
      </Stack>
    </Card>
  );
}
