import type { AvatarProps } from "@mantine/core";
import { PictureAvatar } from "@/components/user-avatar";

/** The consultant's logo (its relative path prefixed with the API host), or its initials. */
export function ConsultantLogo({
  logoURL,
  name,
  ...props
}: { logoURL: string | null; name: string } & Omit<AvatarProps, "src" | "alt">) {
  return <PictureAvatar path={logoURL} name={name} alt={`Logo of ${name}`} radius="md" {...props} />;
}
