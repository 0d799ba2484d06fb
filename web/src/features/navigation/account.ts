/** Who is signed in, as the user card shows them. */
export interface Account {
  name: string;
  email: string;
  avatarUrl: string | null;
  planLabel: string;
}

/** The name, or the email address for someone who has not set a name. */
export function displayNameOf(account: Account): string {
  return account.name.trim() || account.email;
}
