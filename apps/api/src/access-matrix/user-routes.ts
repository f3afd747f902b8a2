import { appUserFields, arrange, type Entry, form, newAppUser, t } from "./context";

/** App users and internal accounts (User/*), their approval, sessions and two-factor resets: each route, who may call it, and a call of it. */
export function usersRoutes(): Record<string, Entry> {
  return {
    "GET /api/v2/User/users": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/User/users?page=1", headers }),
    },
    "GET /api/v2/User/users/export": {
      access: "back-office",
      ok: 200,
      request: (headers) => ({ method: "GET", url: "/api/v2/User/users/export?role=AppUser", headers }),
    },
    "GET /api/v2/User/users/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/User/users/${(await newAppUser()).guidId}`,
        headers,
      }),
    },
    "POST /api/v2/User/adduser": {
      access: "back-office",
      ok: 201,
      request: (headers) =>
        form("POST", "/api/v2/User/adduser", headers, { ...appUserFields(), Password: "matrix-password" }),
    },
    "PUT /api/v2/User/update-user": {
      access: "back-office",
      ok: 200,
      request: async (headers) => {
        const appUser = await newAppUser();
        return form("PUT", `/api/v2/User/update-user?id=${appUser.guidId}`, headers, {
          ...appUser.fields,
          FirstName: "Edited",
        });
      },
    },
    "GET /api/v2/User/users/:id/deletion-impact": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "GET",
        url: `/api/v2/User/users/${(await newAppUser()).guidId}/deletion-impact`,
        headers,
      }),
    },
    "DELETE /api/v2/User/users/:id": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "DELETE",
        url: `/api/v2/User/users/${(await newAppUser()).guidId}`,
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/restore": {
      access: "admin",
      ok: 200,
      request: async (headers) => {
        const appUser = await newAppUser();
        await arrange({ method: "DELETE", url: `/api/v2/User/users/${appUser.guidId}` }, 200);
        return { method: "POST", url: `/api/v2/User/users/${appUser.guidId}/restore`, headers };
      },
    },
    "POST /api/v2/User/users/:id/approve": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/User/users/${(await t.createAccount({ status: "pending" })).guidId}/approve`,
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/reject": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/User/users/${(await t.createAccount({ status: "pending" })).guidId}/reject`,
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/reopen": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/User/users/${(await t.createAccount({ status: "rejected" })).guidId}/reopen`,
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/suspend": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/User/users/${(await t.createAccount()).guidId}/suspend`,
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/reactivate": {
      access: "admin",
      ok: 200,
      request: async (headers) => {
        const account = await t.createAccount();
        await arrange({ method: "POST", url: `/api/v2/User/users/${account.guidId}/suspend` }, 200);
        return { method: "POST", url: `/api/v2/User/users/${account.guidId}/reactivate`, headers };
      },
    },
    "PUT /api/v2/User/users/:id/role": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "PUT",
        url: `/api/v2/User/users/${(await t.createAccount()).guidId}/role`,
        payload: { role: "Admin" },
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/end-sessions": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/User/users/${(await t.createAccount()).guidId}/end-sessions`,
        headers,
      }),
    },
    "DELETE /api/v2/User/users/:id/mfa": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "DELETE",
        url: `/api/v2/User/users/${(await t.createAccount()).guidId}/mfa`,
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/send-password-reset": {
      access: "back-office",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/User/users/${(await t.createAccount({ role: "AppUser" })).guidId}/send-password-reset`,
        headers,
      }),
    },
    "POST /api/v2/User/users/:id/unlock": {
      access: "admin",
      ok: 200,
      request: async (headers) => ({
        method: "POST",
        url: `/api/v2/User/users/${(await t.createAccount()).guidId}/unlock`,
        headers,
      }),
    },
  };
}
