import { useRef } from 'react';
import { reportImpression, type Ad } from '../api/ads';

/** The ad's image, linking to the advertiser through the server's counting redirect. */
export function AdCreative({ ad, imageClassName }: { ad: Ad; imageClassName: string }) {
  // One impression per ad shown, reported once its image is on the screen.
  const reportedAdId = useRef<string | null>(null);
  return (
    <a href={ad.click_url} target="_blank" rel="noopener noreferrer sponsored" className="block rounded-xl">
      <img
        src={ad.image_url}
        alt={ad.title}
        className={imageClassName}
        onLoad={() => {
          if (reportedAdId.current === ad.id) return;
          reportedAdId.current = ad.id;
          reportImpression(ad.id).catch((error: unknown) => {
            console.warn('The ad impression could not be reported', error);
          });
        }}
        onError={() => {
          console.warn('The ad image could not be loaded', ad.image_url);
        }}
      />
    </a>
  );
}
