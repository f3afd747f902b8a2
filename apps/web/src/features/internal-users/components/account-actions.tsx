import { IconLockOpen } from "@tabler/icons-react";
import type { User } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import { RowActionMenu } from "../../../components/row-action-menu";
import { errorMessage } from "../../../lib/http";
import { notify } from "../../../lib/toast";
import { useUnlockSignIn } from "../api/unlock-sign-in";

/** An Admin's actions on an active internal account (the server checks the role too). */
export function AccountActions({ user }: { user: User }) {
  const unlock = useUnlockSignIn();
  return (
    <RowActionMenu
      name={user.userName}
      actions={[
        {
          label: "Unlock sign-in",
          icon: IconLockOpen,
          onClick: () =>
            unlock.mutate(user.guidId, {
              onSuccess: (answer) => notify.success(answer.message),
              onError: (error) => notify.error(`${approvalMessages.unlockFailed}: ${errorMessage(error)}`),
            }),
        },
      ]}
    />
  );
}
