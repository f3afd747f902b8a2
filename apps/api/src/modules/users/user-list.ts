import type { User, UserDetail, UserListQuery, UserPage } from "@visadesk/contract/users";
import { approvalMessages } from "@visadesk/contract/users-constants";
import type { AppDeps } from "#api/deps";
import { NotFound } from "#api/lib/errors";
import { pageWindow } from "#api/lib/lists";
import { noShowCount } from "../scheduling/service";
import { type SharedPasses, searchKind, sharedPasses } from "../search/window";
import { pageOfDeletedAppUsers } from "./app-users/repository";
import * as repo from "./repository";
import { withSignInState } from "./staff-accounts/sign-in-state";
import { toUser } from "./user-answer";

/** The list's filters as the repository takes them (a blank search is none). */
export const filterOf = (query: Omit<UserListQuery, "deleted" | "exactTotal">): repo.UserFilter => ({
  role: query.role,
  search: query.search || undefined,
  status: query.status,
  verification: query.verification,
});

/** The users lists of both screens, one account's page, and the header search's accounts. */
export function userList({ db, clock }: Pick<AppDeps, "db" | "clock">) {
  return {
    /**
     * The single user's answer: with their no-show count (read fresh, never part of a list), and for an
     * Admin reading an internal account, its sign-in state as the Internal Users list has it.
     */
    async detail(guidId: string, options: { signIn?: boolean } = {}): Promise<UserDetail> {
      const row = await repo.findUser(db.kysely, guidId);
      if (!row) throw new NotFound(approvalMessages.notFound);
      const user = toUser(row);
      const [withState] =
        options.signIn && row.role !== "AppUser"
          ? await withSignInState(db.kysely, [row], [user], clock.now())
          : [user];
      return { ...(withState ?? user), noShowCount: await noShowCount(db.kysely, { userId: user.id }) };
    },

    /** Without page/pageSize: the whole list (an array, as the spec says); with them: one page plus total. */
    async list(query: UserListQuery, options: { signIn?: boolean } = {}): Promise<User[] | UserPage> {
      if (query.deleted) {
        const { rows, total } = await pageOfDeletedAppUsers(db, query.search || undefined, pageWindow(query));
        return { data: rows.map((row) => ({ ...toUser(row), deletedAt: row.deletedAt })), total };
      }
      const filter = filterOf(query);
      if (query.page === undefined && query.pageSize === undefined) {
        return (await repo.listUsers(db, filter, query.sort)).map(toUser);
      }
      const { rows, total } = await repo.pageOfUsers(
        db,
        filter,
        pageWindow(query),
        query.sort,
        query.exactTotal,
      );
      const data = rows.map(toUser);
      if (!options.signIn || !filter.role || filter.role === "AppUser") return { data, ...total };
      return { data: await withSignInState(db.kysely, rows, data, clock.now()), ...total };
    },

    /**
     * The header search's accounts of one kind (modules/search/window.ts): the newest matches of the list's
     * search and of the phone number's and CNIC's digits, and how many match.
     */
    async search(
      text: string,
      role: "AppUser" | "internal",
      limit: number,
      passes: SharedPasses = sharedPasses(),
    ) {
      const { rows, ...total } = await searchKind(db, passes, "users", text, {
        population: () => repo.rolePopulation(db, role),
        inWindow: (term, size) => repo.usersInWindow(db, role, term, limit, size),
        among: (ids) => repo.usersAmong(db, role, ids, limit),
      });
      return { items: rows.map(toUser), ...total };
    },
  };
}
