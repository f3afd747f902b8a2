import { Avatar, type AvatarProps } from "@mantine/core";
import { assetUrl } from "../../../lib/env";

/** The consultant's logo (its relative path prefixed with the API host), or its initials. */
export function ConsultantLogo({
  logoURL,
  name,
  ...props
}: { logoURL: string | null; name: string } & Omit<AvatarProps, "src" | "alt">) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <Avatar src={assetUrl(logoURL) ?? null} alt={`Logo of ${name}`} radius="md" {...props}>
      {initials || "?"}
    </Avatar>
  );
}
