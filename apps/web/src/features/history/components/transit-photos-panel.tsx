import { useState } from 'react';
import {
  ActionIcon,
  Anchor,
  Card,
  Checkbox,
  FileButton,
  Group,
  Image,
  Loader,
  Modal,
  SimpleGrid,
  Stack,
  Text,
  Title,
  Button,
  UnstyledButton,
} from '@mantine/core';
import { IconCamera, IconFileTypePdf, IconPhotoPlus, IconTrash } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import {
  TRANSIT_PHOTO_MAX_BYTES,
  TRANSIT_PHOTOS_MAX_COUNT,
  TRANSIT_UPLOAD_TYPES,
  isPhotoType,
  type TransitPhoto,
} from '@sealplan/contracts';
import { apiUrlOf } from '@/lib/api-client';
import { toast } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { useRemovePhoto, useTransitPhotos, useUploadPhoto } from '../api/history-api';

export interface TransitPhotosPanelProps {
  transitId: string;
  /**
   * `site`: the phone's site page (ADR 031): a camera button (the phone's camera opens at once) beside the picker,
   * large enough for a gloved thumb; `editor` (default): the project page's transit editor.
   */
  variant?: 'editor' | 'site';
}

/**
 * ADR 032: photos and files of a transit. Uploaded through the locker with the transit's id; the server resizes
 * them, makes thumbnails and removes the GPS position unless the uploader keeps it. A thumbnail opens the full
 * image in a viewer (and from there in a tab of its own).
 */
export function TransitPhotosPanel({ transitId, variant = 'editor' }: TransitPhotosPanelProps) {
  const { t } = useTranslation('history');
  const units = useUnits();
  const photos = useTransitPhotos(transitId);
  const upload = useUploadPhoto(transitId);
  const remove = useRemovePhoto(transitId);
  const [keepGps, setKeepGps] = useState(false);
  const [viewing, setViewing] = useState<TransitPhoto | null>(null);
  const maxMb = `${units.formatNumber(TRANSIT_PHOTO_MAX_BYTES / (1024 * 1024), 0)} MB`;
  const site = variant === 'site';

  /** One file at a time, in the order picked: each is refused or added with its own message. */
  const onFiles = async (files: File[]) => {
    for (const file of files) {
      try {
        await upload.mutateAsync({ file, keepGps });
        toast.success(t('photos.uploaded'));
      } catch (error) {
        toast.error(`${file.name}: ${(error as Error).message}`);
      }
    }
  };

  const onRemove = async (id: string) => {
    try {
      await remove.mutateAsync(id);
      toast.success(t('photos.removed'));
    } catch (error) {
      toast.error((error as Error).message);
    }
  };

  return (
    <Card
      withBorder
      padding="md"
      component="section"
      aria-labelledby="transit-photos-title"
      data-testid="transit-photos"
    >
      <Group justify="space-between" mb="xs">
        <Title order={3} size="h5" id="transit-photos-title">
          {t('photos.title')}
        </Title>
        <Group gap="sm">
          <Checkbox
            size="xs"
            label={t('photos.keepGps')}
            title={t('photos.keepGpsHint')}
            checked={keepGps}
            onChange={(e) => setKeepGps(e.currentTarget.checked)}
          />
          {site && (
            // The phone's camera opens at once (`capture`); any image it makes is sent, the server checks it.
            <FileButton
              onChange={(file) => void onFiles(file ? [file] : [])}
              accept="image/*"
              capture="environment"
            >
              {(props) => (
                <Button
                  {...props}
                  size="md"
                  leftSection={<IconCamera size={18} />}
                  loading={upload.isPending}
                >
                  {t('photos.take')}
                </Button>
              )}
            </FileButton>
          )}
          <FileButton
            multiple
            onChange={(files) => void onFiles(files)}
            accept={TRANSIT_UPLOAD_TYPES.join(',')}
          >
            {(props) => (
              <Button
                {...props}
                size={site ? 'md' : 'xs'}
                variant="light"
                leftSection={site ? <IconPhotoPlus size={18} /> : <IconCamera size={14} />}
                loading={upload.isPending}
              >
                {t('photos.upload')}
              </Button>
            )}
          </FileButton>
        </Group>
      </Group>
      <Text size="xs" c="dimmed" mb="xs">
        {t('photos.hint', { max: maxMb, perTransit: TRANSIT_PHOTOS_MAX_COUNT })}
      </Text>
      {photos.isPending ? (
        <Loader size="sm" />
      ) : !photos.data || photos.data.length === 0 ? (
        <Text c="dimmed" size="sm">
          {t('photos.empty')}
        </Text>
      ) : (
        <SimpleGrid cols={{ base: 2, sm: 4 }} spacing="xs">
          {photos.data.map((photo) => (
            <Stack key={photo.id} gap={2} data-testid="transit-photo">
              {isPhotoType(photo.contentType) ? (
                <UnstyledButton
                  aria-label={t('photos.open', { name: photo.fileName })}
                  onClick={() => setViewing(photo)}
                >
                  <Image
                    src={apiUrlOf('photos.thumbnail', { params: { id: photo.id } })}
                    alt={photo.fileName}
                    radius="sm"
                    h={site ? 120 : 96}
                    fit="cover"
                  />
                </UnstyledButton>
              ) : (
                // A file that is not a photo (a PDF) is downloaded, never shown inside the app.
                <Anchor
                  href={apiUrlOf('photos.file', { params: { id: photo.id } })}
                  download={photo.fileName}
                  aria-label={t('photos.download', { name: photo.fileName })}
                >
                  <Stack
                    h={site ? 120 : 96}
                    align="center"
                    justify="center"
                    gap={4}
                    style={{ border: '1px solid var(--mantine-color-default-border)', borderRadius: 4 }}
                  >
                    <IconFileTypePdf size={40} aria-hidden />
                    <Text size="xs">
                      {t('photos.size', { size: units.formatNumber(Math.max(1, photo.size / 1024), 0) })}
                    </Text>
                  </Stack>
                </Anchor>
              )}
              <Group gap={4} justify="space-between" wrap="nowrap">
                <Text size="xs" truncate="end" title={photo.fileName}>
                  {photo.fileName}
                </Text>
                <ActionIcon
                  size="sm"
                  variant="subtle"
                  color="red"
                  aria-label={t(isPhotoType(photo.contentType) ? 'photos.remove' : 'photos.removeFile', {
                    name: photo.fileName,
                  })}
                  onClick={() => void onRemove(photo.id)}
                >
                  <IconTrash size={14} />
                </ActionIcon>
              </Group>
            </Stack>
          ))}
        </SimpleGrid>
      )}
      <Modal
        opened={viewing !== null}
        onClose={() => setViewing(null)}
        size="xl"
        title={viewing ? t('photos.viewerTitle', { name: viewing.fileName }) : ''}
      >
        {viewing && (
          <Stack gap="xs">
            <Image
              src={apiUrlOf('photos.file', { params: { id: viewing.id } })}
              alt={viewing.fileName}
              fit="contain"
              mah="75vh"
              data-testid="photo-full"
            />
            <Anchor
              size="sm"
              href={apiUrlOf('photos.file', { params: { id: viewing.id } })}
              target="_blank"
              rel="noopener"
            >
              {t('photos.openOriginal')}
            </Anchor>
          </Stack>
        )}
      </Modal>
    </Card>
  );
}
