import {
  IconLockOpen,
  IconLogout,
  IconPlayerPause,
  IconPlayerPlay,
  IconShieldDown,
  IconShieldUp,
  IconShieldX,
} from "@tabler/icons-react";
import { accountControlMessages, mfaMessages } from "@visadesk/contract/account-constants";
import type { User } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import { useState } from "react";
import { ConfirmDialog } from "@/components/confirm-dialog";
import type { RowAction } from "@/components/row-action";
import { RowActionMenu } from "@/components/row-action-menu";
import { errorMessage } from "@/lib/http";
import { notify } from "@/lib/toast";
import { type AccountAction, useControlAccount } from "../api/control-account";

interface Choice {
  action: AccountAction;
  label: string;
  /** Asked before the action is sent; unlocking needs no confirmation. */
  confirm?: string;
}

/** An Admin's actions on another internal account (the server checks the role, and the last Admin). */
export function AccountActions({ user }: { user: User }) {
  const control = useControlAccount();
  const [pending, setPending] = useState<Choice | null>(null);
  const suspended = user.status === "suspended";
  const isAdmin = user.userRoles.roles.includes("Admin");

  const run = (choice: Choice) =>
    control.mutate(
      { guidId: user.guidId, action: choice.action },
      {
        onSuccess: (answer) => {
          setPending(null);
          notify.success(answer.message);
        },
        onError: (error) => {
          setPending(null);
          const prefix = choice.action.kind === "unlock" ? `${approvalMessages.unlockFailed}: ` : "";
          notify.error(`${prefix}${errorMessage(error)}`);
        },
      },
    );
  const choose = (choice: Choice) => (choice.confirm ? setPending(choice) : run(choice));

  const newRole = isAdmin ? "Staff" : "Admin";
  type Offered = Choice & Pick<RowAction, "icon" | "danger" | "divided">;
  // Unlock and Reset two-factor are offered only where they would do something (the list says so).
  const unlock: Offered[] = user.signIn?.locked
    ? [{ action: { kind: "unlock" }, label: "Unlock sign-in", icon: IconLockOpen }]
    : [];
  const resetTwoFactor: Offered[] = user.signIn?.twoFactor
    ? [
        {
          action: { kind: "reset-mfa" },
          label: "Reset two-factor",
          icon: IconShieldX,
          confirm: mfaMessages.resetConfirm,
        },
      ]
    : [];
  const choices: Offered[] = [
    ...unlock,
    {
      action: { kind: "role", role: newRole },
      label: `Make ${newRole}`,
      icon: isAdmin ? IconShieldDown : IconShieldUp,
      confirm: accountControlMessages.roleConfirm(newRole),
    },
    {
      action: { kind: "end-sessions" },
      label: "Sign out everywhere",
      icon: IconLogout,
      confirm: accountControlMessages.endSessionsConfirm,
    },
    ...resetTwoFactor,
    suspended
      ? { action: { kind: "reactivate" }, label: "Reactivate", icon: IconPlayerPlay, divided: true }
      : {
          action: { kind: "suspend" },
          label: "Suspend",
          icon: IconPlayerPause,
          danger: true,
          divided: true,
          confirm: accountControlMessages.suspendConfirm,
        },
  ];

  return (
    <>
      <RowActionMenu
        name={user.userName}
        actions={choices.map((choice) => ({
          label: choice.label,
          icon: choice.icon,
          danger: choice.danger,
          divided: choice.divided,
          onClick: () => choose(choice),
        }))}
      />
      <ConfirmDialog
        opened={pending !== null}
        title={pending?.label ?? ""}
        message={pending?.confirm}
        details={`${user.userName} (${user.email})`}
        confirmLabel={pending?.label ?? ""}
        // Only suspending is a danger; the other confirmations keep the primary colour.
        color={pending?.action.kind === "suspend" ? "red.9" : "indigo"}
        busy={control.isPending}
        onConfirm={() => pending && run(pending)}
        onCancel={() => setPending(null)}
      />
    </>
  );
}
