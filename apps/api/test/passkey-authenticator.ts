import { createHash, generateKeyPairSync, randomBytes, sign } from "node:crypto";
import { isoCBOR } from "@simplewebauthn/server/helpers";

/**
 * A software passkey (an ES256 platform authenticator with user verification), enough to walk the API
 * through registration and authentication the way a browser would: it answers the options the server gives
 * with the JSON that @simplewebauthn/browser sends.
 */
export function softwarePasskey() {
  const { privateKey, publicKey } = generateKeyPairSync("ec", { namedCurve: "P-256" });
  const jwk = publicKey.export({ format: "jwk" });
  const credentialId = randomBytes(16);
  const id = credentialId.toString("base64url");
  let counter = 0;
  const b64 = (bytes: Uint8Array) => Buffer.from(bytes).toString("base64url");
  const sha256 = (bytes: Uint8Array | string) => createHash("sha256").update(bytes).digest();
  const clientData = (type: string, challenge: string, origin: string) =>
    Buffer.from(JSON.stringify({ type, challenge, origin, crossOrigin: false }));
  const counterBytes = (value: number) => {
    const bytes = Buffer.alloc(4);
    bytes.writeUInt32BE(value);
    return bytes;
  };
  // User present (0x01) and verified (0x04).
  const FLAGS = 0x01 | 0x04;

  return {
    id,
    /** The answer to navigator.credentials.create with the server's registration options. */
    register(options: Record<string, unknown>, origin: string) {
      const rpId = (options.rp as { id: string }).id;
      const cose = new Map<number, number | Uint8Array>([
        [1, 2],
        [3, -7],
        [-1, 1],
        [-2, Buffer.from(jwk.x ?? "", "base64url")],
        [-3, Buffer.from(jwk.y ?? "", "base64url")],
      ]);
      const idLength = Buffer.alloc(2);
      idLength.writeUInt16BE(credentialId.length);
      const authData = Buffer.concat([
        sha256(rpId),
        Buffer.from([FLAGS | 0x40]),
        counterBytes(counter),
        Buffer.alloc(16),
        idLength,
        credentialId,
        Buffer.from(isoCBOR.encode(cose)),
      ]);
      const attestationObject = isoCBOR.encode(
        new Map<string, string | Map<string, string> | Uint8Array>([
          ["fmt", "none"],
          ["attStmt", new Map<string, string>()],
          ["authData", authData],
        ]),
      );
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: {
          clientDataJSON: b64(clientData("webauthn.create", options.challenge as string, origin)),
          attestationObject: b64(attestationObject),
          transports: ["internal"],
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
    /** The answer to navigator.credentials.get with the server's authentication options. */
    authenticate(options: Record<string, unknown>, origin: string, rpId = options.rpId as string) {
      counter += 1;
      const authData = Buffer.concat([sha256(rpId), Buffer.from([FLAGS]), counterBytes(counter)]);
      const clientDataJSON = clientData("webauthn.get", options.challenge as string, origin);
      const signature = sign("sha256", Buffer.concat([authData, sha256(clientDataJSON)]), privateKey);
      return {
        id,
        rawId: id,
        type: "public-key" as const,
        response: {
          clientDataJSON: b64(clientDataJSON),
          authenticatorData: b64(authData),
          signature: b64(signature),
        },
        clientExtensionResults: {},
        authenticatorAttachment: "platform",
      };
    },
  };
}
