import { ActionIcon, Avatar, Card, FileButton, Stack, Text } from "@mantine/core";
import { IconCamera } from "@tabler/icons-react";
import { type ReactNode, useState } from "react";
import { assetUrl } from "../lib/env";
import { refusalOf, useFilePreview } from "./image-upload";
import { TooltipOnDemand } from "./tooltip-on-demand";

export interface ProfilePictureCardProps {
  /** Under the picture: the name typed so far, or the form's placeholder ("New Consultant"). */
  title: string;
  /** Under the title when not empty, e.g. the email. */
  subtitle?: string | undefined;
  /** A line about accepted files, e.g. "PNG, JPG or JPEG". */
  hint?: string;
  /** The stored picture's relative path (edit mode), shown until another file is chosen. */
  existing: string | null | undefined;
  file: File | null;
  alt: string;
  /** Shown in the avatar when there is no picture, e.g. an initial. */
  placeholder?: ReactNode;
  /** The camera button changing the picture; without it the card only shows it. */
  picker?:
    | {
        label: string;
        /** The browser's accept attribute; other files are refused here with typeError. */
        accept: string;
        typeError: string;
        onChange: (file: File) => void;
      }
    | undefined;
}

/** The side card of the add and edit forms: the chosen or stored profile picture with a camera button. */
export function ProfilePictureCard(props: ProfilePictureCardProps) {
  const preview = useFilePreview(props.file);
  const [refusal, setRefusal] = useState<string>();
  const { picker } = props;
  return (
    <Card withBorder padding="lg">
      <Stack align="center" gap="xs">
        <div style={{ position: "relative" }}>
          <Avatar src={preview ?? assetUrl(props.existing) ?? null} alt={props.alt} size={120} radius={120}>
            {props.placeholder}
          </Avatar>
          {picker ? (
            <FileButton
              accept={picker.accept}
              onChange={async (chosen) => {
                if (!chosen) return;
                const refused = await refusalOf(chosen, picker.accept, picker.typeError);
                setRefusal(refused);
                if (!refused) picker.onChange(chosen);
              }}
            >
              {(buttonProps) => (
                <TooltipOnDemand label={picker.label}>
                  <ActionIcon
                    {...buttonProps}
                    radius="xl"
                    size="lg"
                    aria-label={picker.label}
                    style={{ position: "absolute", right: 0, bottom: 0 }}
                  >
                    <IconCamera size={18} aria-hidden />
                  </ActionIcon>
                </TooltipOnDemand>
              )}
            </FileButton>
          ) : null}
        </div>
        <Text fw={600} ta="center">
          {props.title}
        </Text>
        {props.subtitle ? (
          <Text size="sm" c="dimmed" ta="center">
            {props.subtitle}
          </Text>
        ) : null}
        {props.hint ? (
          <Text size="xs" c="dimmed">
            {props.hint}
          </Text>
        ) : null}
        {refusal ? (
          <Text size="sm" c="var(--mantine-color-error)" role="alert">
            {refusal}
          </Text>
        ) : null}
      </Stack>
    </Card>
  );
}
