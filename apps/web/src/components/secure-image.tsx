import { Center, Image, type ImageProps, Loader, Text } from "@mantine/core";
import { useQuery } from "@tanstack/react-query";
import { useEffect, useState } from "react";
import { API_HOST } from "../lib/env";
import { http } from "../lib/http";

/** Private images (CNIC) are served only with the bearer token, so they are fetched through the client. */
async function fetchPrivateImage(path: string): Promise<Blob> {
  // The path arrives absolute ("/api/v2/files/..."): only the API host goes in front, not the base path.
  const response = await http.get<Blob>(path, { baseURL: API_HOST, responseType: "blob", silent: true });
  return response.data;
}

interface SecureImageProps extends Omit<ImageProps, "src"> {
  /** Relative path of a private file, as the API answers it. */
  path: string;
  alt: string;
}

export function SecureImage({ path, alt, ...props }: SecureImageProps) {
  const image = useQuery({
    queryKey: ["private-image", path],
    queryFn: () => fetchPrivateImage(path),
    staleTime: Number.POSITIVE_INFINITY,
  });
  const [url, setUrl] = useState<string>();
  useEffect(() => {
    if (!image.data) return;
    const objectUrl = URL.createObjectURL(image.data);
    setUrl(objectUrl);
    return () => URL.revokeObjectURL(objectUrl);
  }, [image.data]);

  if (image.isError) {
    return (
      <Text size="sm" c="dimmed">
        Image unavailable
      </Text>
    );
  }
  if (!url) {
    return (
      <Center h={props.h ?? 80} role="status" aria-label={`Loading ${alt}`}>
        <Loader size="xs" />
      </Center>
    );
  }
  return <Image src={url} alt={alt} {...props} />;
}
