/**
 * Text a customer wrote (a cancellation reason, a booking's description), made fit for a plain-text mail to
 * a consultant or staff: it must read as the customer's words, never as something the product says or a link
 * the product made ("Click http://evil.example/login to restore your booking").
 *
 * Mails are plain text only (no HTML part, so nothing to escape); mail clients still turn anything that looks
 * like an address into a link. So addresses are defanged the way security teams share them: the scheme's
 * colon and the dots of a host name are bracketed (`http[:]//evil[.]example/login`), which every client
 * leaves as text while a reader still sees what was written. And each line is quoted with "> " under a
 * label naming the customer as its writer, so a line break cannot make it pass for the mail's own text.
 */
export function defangLinks(text: string): string {
  return (
    text
      // A scheme's colon: http://, https://, ftp://, and those without slashes (mailto:, javascript:, …).
      .replace(/\b([a-z][a-z0-9+.-]*):(?=\/\/)/gi, "$1[:]")
      .replace(/\b(mailto|tel|sms|javascript|data|file|ftp|callto|skype|whatsapp):/gi, "$1[:]")
      // Host names (evil.example, www.example.com, the domain of an email address) and IPv4 addresses.
      .replace(/\b(?:[a-z0-9](?:[a-z0-9-]*[a-z0-9])?\.)+[a-z]{2,}\b/gi, (host) => host.replaceAll(".", "[.]"))
      .replace(/\b\d{1,3}(?:\.\d{1,3}){3}\b/g, (address) => address.replaceAll(".", "[.]"))
  );
}

/** The lines of a mail that quote a customer's words under `label`: each line "> ", addresses defanged. */
export function quotedCustomerWords(label: string, text: string): string[] {
  const lines = defangLinks(text.trim()).split(/\r\n|\r|\n/);
  return [
    `${label}, quoted as they wrote it (addresses in it are not links we made):`,
    ...lines.map((line) => `> ${line}`),
  ];
}
