/** The signed-in customer's access token: in memory only, read by the API client, set by the session. */
let token: string | null = null;

export const accessToken = () => token;
export const setAccessToken = (next: string | null) => {
  token = next;
};
