/** Streaming's usual reference level: every track plays as loud as a -14 LUFS master. */
const TARGET_LUFS = -14;
/**
 * The most a quiet track is raised. The API gives the integrated loudness but not the true peak,
 * so the boost is capped to keep quiet, dynamic masters from clipping.
 */
const MAX_BOOST_DB = 6;

/** The linear gain that brings a track measured at `loudnessLufs` to the target; 1 when unmeasured. */
export function normalisationGain(loudnessLufs: number | null | undefined): number {
  if (loudnessLufs === null || loudnessLufs === undefined || !Number.isFinite(loudnessLufs)) return 1;
  const gainDb = Math.min(TARGET_LUFS - loudnessLufs, MAX_BOOST_DB);
  return 10 ** (gainDb / 20);
}
