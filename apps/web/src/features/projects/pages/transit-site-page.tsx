import { useMemo, useState, type ReactNode } from 'react';
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Center,
  Container,
  Group,
  List,
  Loader,
  Modal,
  Stack,
  Text,
  Title,
} from '@mantine/core';
import { Link, useParams } from 'react-router';
import { useTranslation } from 'react-i18next';
import { drawingView } from '@sealplan/engine';
import { LOCATION_PATH_SEPARATOR, SITE_REMARKS_MAX_LENGTH, type SiteAction } from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { notify } from '@/lib/toast';
import { useUnits } from '@/lib/units';
import { useFormData } from '../api/projects-api';
import { useChangeSiteStatus, useTransitData, useTransitSite } from '../api/site-api';
import { TransitDrawingSvg } from '../components/transit-drawing-svg';
import { drawnCircles } from '../lib/sizing-view';
import { SITE_STATUS_COLOR } from '../lib/site-status-colors';
import { GrowingTextarea } from '@/components/growing-textarea';

/** The drawing's width on a phone: it scales down with the screen (the SVG keeps its proportions). */
const PHONE_DRAWING_PX = 320;

export interface TransitSitePageProps {
  /**
   * ADR 032: the transit's photos and files, taken with the phone's camera on the spot (the history feature,
   * passed in by app/: features do not import each other).
   */
  renderPhotos?: (p: { transitId: string }) => ReactNode;
}

/**
 * ADR 031: a transit's site page (/site/transits/:transitId), the page a label's QR code opens on a phone: the
 * drawing, the items, the status with who took each step, the install and inspect actions the person may take,
 * and the photos (ADR 032).
 */
export function TransitSitePage({ renderPhotos }: TransitSitePageProps = {}) {
  const { t, i18n } = useTranslation('site');
  const tt = useTranslation('transits').t;
  const units = useUnits();
  const { transitId = '' } = useParams();
  const site = useTransitSite(transitId);
  const data = useTransitData(transitId);
  const formData = useFormData();
  const change = useChangeSiteStatus();
  const [failOpen, setFailOpen] = useState(false);
  const [remarks, setRemarks] = useState('');
  const [remarksError, setRemarksError] = useState<string | null>(null);

  const catalogue = formData.data?.catalogue ?? null;
  const results = data.data?.transit.results ?? null;
  const view = useMemo(
    () =>
      results && catalogue && results.packing.source !== 'skipped' ? drawingView(results, catalogue) : null,
    [results, catalogue],
  );
  const circles = useMemo(
    () =>
      view
        ? drawnCircles(view, (f) =>
            tt('display.circle', {
              type: f.itemTypeId ? tt(`itemType.${f.itemTypeId}`) : '',
              diameter: units.formatLength(f.ownDiameterMm),
            }),
          )
        : [],
    [view, tt, units],
  );
  const date = (iso: string) =>
    new Date(iso).toLocaleString(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });

  if (site.isPending || data.isPending) {
    return (
      <Center h="60vh">
        <Loader aria-label={t('page.title')} />
      </Center>
    );
  }
  if (site.error || data.error || !site.data || !data.data) {
    const error = site.error ?? data.error;
    const notFound = error instanceof ApiRequestError && error.code === 'NOT_FOUND';
    return (
      <Container size="xs" py="md">
        <Alert color="red" title={notFound ? t('page.notFound') : t('page.loadFailed')}>
          {error?.message}
        </Alert>
      </Container>
    );
  }

  const s = site.data;
  const transit = data.data.transit;
  const items = data.data.penetratingItems;

  const act = async (action: SiteAction, text?: string) => {
    try {
      await change.mutateAsync({ transitId, action, ...(text === undefined ? {} : { remarks: text }) });
      notify({ color: 'green', message: t(`done.${action}`, { name: s.transitName }) });
      setFailOpen(false);
      setRemarks('');
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields?.remarks)
        setRemarksError(t('page.remarksRequired'));
      else
        notify({
          color: 'red',
          title: t('panel.saveFailed'),
          message: error instanceof Error ? error.message : String(error),
        });
    }
  };
  const submitFail = () => {
    if (!remarks.trim()) return setRemarksError(t('page.remarksRequired'));
    setRemarksError(null);
    void act('fail', remarks.trim());
  };

  return (
    <Container size="xs" px="xs" py="sm">
      <Stack gap="sm">
        <div>
          <Text size="xs" c="dimmed">
            {t('page.title')}
          </Text>
          <Title order={1} size="h2" style={{ wordBreak: 'break-word' }}>
            {s.transitName}
          </Title>
          <Text size="sm">
            {t('page.project')}:{' '}
            <Anchor component={Link} to={`/projects/${s.projectId}?transit=${s.transitId}`}>
              {s.projectName}
            </Anchor>
          </Text>
          <Text size="sm" data-testid="site-location">
            {t('page.location')}:{' '}
            {s.locationPath.length ? s.locationPath.join(LOCATION_PATH_SEPARATOR) : t('panel.noLocation')}
          </Text>
        </div>

        <Card withBorder padding="sm" component="section" aria-labelledby="site-status-title">
          <Group justify="space-between" mb="xs">
            <Title order={2} size="h4" id="site-status-title">
              {t('page.status')}
            </Title>
            <Badge size="lg" color={SITE_STATUS_COLOR[s.status]} data-testid="site-status">
              {t(`status.${s.status}`)}
            </Badge>
          </Group>
          {s.installedBy && s.installedOn && (
            <Text size="sm">
              {t('page.installed', { name: s.installedBy.name, date: date(s.installedOn) })}
            </Text>
          )}
          {s.inspectedBy && s.inspectedOn && (
            <Text size="sm">
              {t('page.inspected', { name: s.inspectedBy.name, date: date(s.inspectedOn) })}
            </Text>
          )}
          {s.remarks && (
            <Alert color="red" variant="light" mt="xs" title={t('page.remarks')} data-testid="site-remarks">
              {s.remarks}
            </Alert>
          )}
          <Stack gap="xs" mt="sm" role="group" aria-label={t('page.actions')}>
            {s.allowedActions.length === 0 && (
              <Text size="sm" c="dimmed">
                {t('page.nothingToDo')}
              </Text>
            )}
            {s.allowedActions.map((action) => (
              <Button
                key={action}
                size="lg"
                fullWidth
                color={action === 'fail' ? 'red' : action === 'pass' ? 'green' : 'blue'}
                variant={action === 'fail' ? 'light' : 'filled'}
                loading={change.isPending}
                onClick={() => (action === 'fail' ? setFailOpen(true) : void act(action))}
              >
                {t(`action.${action}`)}
              </Button>
            ))}
          </Stack>
        </Card>

        {renderPhotos?.({ transitId })}

        <Card withBorder padding="sm" component="section" aria-labelledby="site-drawing-title">
          <Title order={2} size="h4" id="site-drawing-title" mb="xs">
            {t('page.drawing', { name: s.transitName })}
          </Title>
          {results && results.opening ? (
            <Group justify="center" style={{ background: 'white', borderRadius: 8 }}>
              <TransitDrawingSvg
                opening={results.opening}
                circles={circles}
                exceeded={results.packing.source !== 'skipped' && !results.packing.fits}
                sizePx={PHONE_DRAWING_PX}
                title={t('page.drawing', { name: s.transitName })}
                formatLength={units.formatLength}
              />
            </Group>
          ) : (
            <Text size="sm" c="dimmed">
              {t('page.noDrawing')}
            </Text>
          )}
        </Card>

        <Card withBorder padding="sm" component="section" aria-labelledby="site-items-title">
          <Title order={2} size="h4" id="site-items-title" mb="xs">
            {t('page.items')}
          </Title>
          {items.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('page.noItems')}
            </Text>
          ) : (
            <List size="sm" data-testid="site-items">
              {items.map((item) => (
                <List.Item key={item.id}>
                  {t('page.itemLine', {
                    quantity: units.formatNumber(item.quantity, 0),
                    type: item.itemTypeId ? tt(`itemType.${item.itemTypeId}`) : '',
                    diameter: units.formatLength(item.outerDiameterMm),
                  })}
                  {item.tag ? ` · ${item.tag}` : ''}
                </List.Item>
              ))}
            </List>
          )}
          <Text size="xs" c="dimmed" mt="xs">
            {transit.comments}
          </Text>
        </Card>

        <Card withBorder padding="sm" component="section" aria-labelledby="site-steps-title">
          <Title order={2} size="h4" id="site-steps-title" mb="xs">
            {t('page.steps')}
          </Title>
          {s.events.length === 0 ? (
            <Text size="sm" c="dimmed">
              {t('page.noSteps')}
            </Text>
          ) : (
            <List size="sm" data-testid="site-steps">
              {s.events.map((e) => (
                <List.Item key={`${e.at}-${e.toStatus}`}>
                  {t('page.step', { to: t(`status.${e.toStatus}`), name: e.by.name, date: date(e.at) })}
                  {e.remarks ? ` · ${e.remarks}` : ''}
                </List.Item>
              ))}
            </List>
          )}
        </Card>
      </Stack>

      <Modal opened={failOpen} onClose={() => setFailOpen(false)} title={t('action.fail')} fullScreen={false}>
        <Stack gap="sm">
          <GrowingTextarea
            label={t('page.remarksLabel')}
            required
            minRows={3}
            maxLength={SITE_REMARKS_MAX_LENGTH}
            value={remarks}
            error={remarksError ?? undefined}
            onChange={(e) => setRemarks(e.currentTarget.value)}
            data-autofocus
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setFailOpen(false)}>
              {t('page.cancel')}
            </Button>
            <Button color="red" onClick={submitFail} loading={change.isPending}>
              {t('page.confirmFail')}
            </Button>
          </Group>
        </Stack>
      </Modal>
    </Container>
  );
}
