import { Avatar, type AvatarProps } from "@mantine/core";
import { thumbnailUrl } from "../lib/env";
import { initialsOf } from "../lib/initials";

interface PictureAvatarProps extends Omit<AvatarProps, "src" | "alt"> {
  /** Relative path of a public picture (profile picture, logo), as the API answers it. */
  path: string | null | undefined;
  /** Whose picture it is: its initials are shown when there is no picture. */
  name: string;
  alt: string;
}

/** A public picture (its thumbnail), or the initials of its owner's name when there is none. */
export function PictureAvatar({ path, name, alt, ...props }: PictureAvatarProps) {
  const initials = initialsOf(name);
  return (
    <Avatar src={thumbnailUrl(path) ?? null} alt={alt} radius="xl" {...props}>
      {initials || "?"}
    </Avatar>
  );
}

interface UserAvatarProps extends Omit<AvatarProps, "src" | "alt"> {
  /** Relative path of the public profile picture, as the API answers it. */
  profilePic: string | null | undefined;
  /** Whose picture it is: the image's alternative text, and the initials when there is no picture. */
  name: string;
}

/** A user's profile picture, or their initials when they have none. */
export function UserAvatar({ profilePic, name, ...props }: UserAvatarProps) {
  return <PictureAvatar path={profilePic} name={name} alt={`Profile picture of ${name}`} {...props} />;
}
