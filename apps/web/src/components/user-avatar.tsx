import { Avatar, type AvatarProps } from "@mantine/core";
import { assetUrl } from "../lib/env";

interface UserAvatarProps extends Omit<AvatarProps, "src" | "alt"> {
  /** Relative path of the public profile picture, as the API answers it. */
  profilePic: string | null | undefined;
  /** Whose picture it is: the image's alternative text, and the initials when there is no picture. */
  name: string;
}

/** A user's profile picture, or their initials when they have none. */
export function UserAvatar({ profilePic, name, ...props }: UserAvatarProps) {
  const initials = name
    .split(/\s+/)
    .filter(Boolean)
    .slice(0, 2)
    .map((part) => part[0]?.toUpperCase())
    .join("");
  return (
    <Avatar src={assetUrl(profilePic) ?? null} alt={`Profile picture of ${name}`} radius="xl" {...props}>
      {initials || "?"}
    </Avatar>
  );
}
