import { CopyButton } from '@/components/ui/CopyButton';

interface DetailProps {
  label: string;
  value: string;
  what: string;
}

function Detail({ label, value, what }: DetailProps) {
  return (
    <div className="flex items-center justify-between gap-3 rounded-xl bg-night/50 px-4 py-3">
      <div className="min-w-0">
        <dt className="text-xs font-medium tracking-wide text-zinc-400 uppercase">{label}</dt>
        <dd className="mt-0.5 font-mono text-sm break-all text-white select-all">{value}</dd>
      </div>
      <CopyButton value={value} what={what} />
    </div>
  );
}

interface ConnectionDetailsProps {
  serverAddress: string;
  username: string;
}

/** What a Subsonic app asks for besides the password: the server's address and the username. */
export function ConnectionDetails({ serverAddress, username }: ConnectionDetailsProps) {
  return (
    <dl className="grid gap-3 sm:grid-cols-2">
      <Detail label="Server address" value={serverAddress} what="server address" />
      <Detail label="Username" value={username} what="username" />
    </dl>
  );
}
