import { useEffect, useRef, useState } from 'react';
import { MAX_REVIEW_PHOTOS } from '../../../shared/domain/reviews';
import { preparePhoto, type PreparedPhoto } from './review-photos';

/**
 * A review form's photos: at most MAX_REVIEW_PHOTOS, each made smaller before it is kept
 * (`preparing` counts those under way), with the error code of the last one refused. The previews'
 * object URLs are freed when a photo is removed and when the form goes.
 */
export function useReviewPhotos() {
  const [photos, setPhotos] = useState<PreparedPhoto[]>([]);
  const [preparing, setPreparing] = useState(0);
  const [error, setError] = useState<string | null>(null);
  const previews = useRef<string[]>([]);
  previews.current = photos.map((p) => p.preview);
  useEffect(() => () => previews.current.forEach((url) => URL.revokeObjectURL(url)), []);

  const add = async (files: File[]) => {
    setError(null);
    const room = MAX_REVIEW_PHOTOS - photos.length - preparing;
    const taken = files.slice(0, Math.max(0, room));
    if (files.length > taken.length) setError('too_many_photos');
    setPreparing((n) => n + taken.length);
    for (const file of taken) {
      const prepared = await preparePhoto(file);
      setPreparing((n) => n - 1);
      if ('code' in prepared) setError(prepared.code);
      else setPhotos((list) => [...list, prepared]);
    }
  };

  const remove = (index: number) => {
    setError(null);
    setPhotos((list) => {
      const gone = list[index];
      if (gone) URL.revokeObjectURL(gone.preview);
      return list.filter((_, i) => i !== index);
    });
  };

  return { photos, preparing, error, setError, add, remove };
}
