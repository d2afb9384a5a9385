import { useEffect } from 'react';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import type { SxProps, Theme } from '@mui/material/styles';
import { LAB_MSG } from '@atlas/contracts';
import { useStorageImageUrl } from './api';

interface StorageImageProps {
  bucket: string | undefined;
  fileKey: string | undefined;
  alt: string;
  /** Called once when the image cannot be fetched or decoded; the image then shows nothing itself. */
  onFailed?: () => void;
  sx?: SxProps<Theme>;
}

/** An image from storage, fetched with the session token (see useStorageImageUrl). */
export function StorageImage({ bucket, fileKey, alt, onFailed, sx }: StorageImageProps) {
  const { url, isLoading, error } = useStorageImageUrl(bucket, fileKey);
  useEffect(() => {
    if (error && onFailed) onFailed();
  }, [error, onFailed]);
  if (error) return onFailed ? null : <Alert severity="error">{LAB_MSG.imageLoadFailed}</Alert>;
  if (isLoading || !url)
    return (
      <Box sx={{ display: 'flex', justifyContent: 'center', p: 3 }}>
        <CircularProgress size={28} aria-label={`Loading ${alt}`} />
      </Box>
    );
  return (
    <Box
      component="img"
      src={url}
      alt={alt}
      onError={() => onFailed?.()}
      sx={{ display: 'block', maxWidth: '100%', height: 'auto', mx: 'auto', ...(sx as object) }}
    />
  );
}
