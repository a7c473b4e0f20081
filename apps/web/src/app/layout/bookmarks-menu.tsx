import { ActionIcon, Group, Menu, Text, Tooltip } from '@mantine/core';
import { IconBookmarks, IconStar, IconStarFilled, IconX } from '@tabler/icons-react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { useCurrentPageTitle } from '@/lib/page-title';
import { toast } from '@/lib/toast';
import { addBookmark, removeBookmark, useBookmarks } from './bookmarks';

/** The star in the header: bookmarks the current page (spec §1), or removes it when it already is one. */
export function BookmarkToggle() {
  const { t } = useTranslation('shell');
  const location = useLocation();
  const bookmarks = useBookmarks();
  const pageTitle = useCurrentPageTitle();
  const url = location.pathname + location.search;
  const marked = bookmarks.some((b) => b.url === url);
  const label = marked ? t('bookmarks.remove') : t('bookmarks.add');
  return (
    <Tooltip label={label}>
      <ActionIcon
        className="sealplan-header-icon"
        variant="transparent"
        size="lg"
        aria-label={label}
        aria-pressed={marked}
        onClick={() => {
          if (marked) {
            removeBookmark(url);
            toast.info(t('bookmarks.removed', { label: pageTitle || url }));
          } else {
            addBookmark({ url, label: pageTitle || url });
            toast.success(t('bookmarks.added', { label: pageTitle || url }));
          }
        }}
      >
        {marked ? (
          <IconStarFilled size={20} color="var(--sealplan-top-bar-accent)" />
        ) : (
          <IconStar size={20} />
        )}
      </ActionIcon>
    </Tooltip>
  );
}

/** Header menu of the bookmarked pages; each can be opened or removed. */
export function BookmarksMenu() {
  const { t } = useTranslation('shell');
  const bookmarks = useBookmarks();
  const navigate = useNavigate();
  return (
    <Menu position="bottom-end" width={300} withinPortal shadow="md">
      <Menu.Target>
        <Tooltip label={t('bookmarks.menu')}>
          <ActionIcon
            className="sealplan-header-icon"
            variant="transparent"
            size="lg"
            aria-label={t('bookmarks.menu')}
          >
            <IconBookmarks size={20} />
          </ActionIcon>
        </Tooltip>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>{t('bookmarks.title')}</Menu.Label>
        {bookmarks.length === 0 && (
          <Text size="sm" c="dimmed" px="sm" py="xs">
            {t('bookmarks.empty')}
          </Text>
        )}
        {bookmarks.map((bookmark) => (
          <Group key={bookmark.url} gap={4} wrap="nowrap">
            <Menu.Item onClick={() => void navigate(bookmark.url)} style={{ flex: 1, minWidth: 0 }}>
              <Text size="sm" truncate>
                {bookmark.label}
              </Text>
              <Text size="xs" c="dimmed" truncate>
                {bookmark.url}
              </Text>
            </Menu.Item>
            <ActionIcon
              variant="subtle"
              color="gray"
              aria-label={t('bookmarks.removeNamed', { label: bookmark.label })}
              onClick={() => removeBookmark(bookmark.url)}
            >
              <IconX size={16} />
            </ActionIcon>
          </Group>
        ))}
      </Menu.Dropdown>
    </Menu>
  );
}
