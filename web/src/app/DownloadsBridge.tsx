import type { ReactNode } from 'react';
import { DownloadButton } from '@/features/offline/components/DownloadButton';
import { DownloadMenuItem } from '@/features/offline/components/DownloadMenuItem';
import { useMyProfile } from '@/features/profiles/api/myProfile';
import { DownloadControlsContext, type DownloadButtonProps, type DownloadControls, type DownloadMenuItemProps } from '@/lib/downloads/controls';
import { useOfflineStatus } from '@/lib/downloads/hooks';
import type { Plan } from '@/lib/downloads/types';

/** The listener's plan as the app shows it (the profile's); offline, the one the last check-in answered. */
function usePlan(): Plan | undefined {
  const profile = useMyProfile();
  const status = useOfflineStatus();
  return profile.data?.subscription_plan ?? status?.plan;
}

function PlanDownloadButton(props: DownloadButtonProps) {
  return <DownloadButton {...props} plan={usePlan()} />;
}

function PlanDownloadMenuItem(props: DownloadMenuItemProps) {
  return <DownloadMenuItem {...props} plan={usePlan()} />;
}

const controls: DownloadControls = { DownloadButton: PlanDownloadButton, DownloadMenuItem: PlanDownloadMenuItem };

/** Provides the offline feature's download controls, told the plan, to the signed-in area. */
export function DownloadsBridge({ children }: { children: ReactNode }) {
  return <DownloadControlsContext value={controls}>{children}</DownloadControlsContext>;
}
