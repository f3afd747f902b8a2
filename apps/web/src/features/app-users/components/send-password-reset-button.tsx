import { Button } from "@mantine/core";
import { IconMailForward } from "@tabler/icons-react";
import { appUserMessages } from "@visadesk/contract/users-constants";
import { notify } from "@/lib/toast";
import { useSendPasswordReset } from "../api/send-password-reset";

/**
 * App users sign in to the mobile app, not here: staff can mail one a link to choose a new password, the
 * same link Forgot password sends. The toast names the address it went to.
 */
export function SendPasswordResetButton({ guidId }: { guidId: string }) {
  const sending = useSendPasswordReset();
  const send = () =>
    sending.mutate(guidId, {
      onSuccess: (answer) => notify.success(answer.message),
      onError: (error) => notify.failure(appUserMessages.passwordResetFailed, error),
    });
  return (
    <Button
      variant="default"
      leftSection={<IconMailForward size={18} aria-hidden />}
      loading={sending.isPending}
      onClick={send}
    >
      {appUserMessages.sendPasswordReset}
    </Button>
  );
}
