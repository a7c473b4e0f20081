import { describe, expect, it } from 'vitest';
import { SCHEDULE_MESSAGES, scheduleMessage } from '@sealplan/contracts';
import { i18n } from '@/lib/i18n';
import { translateScheduleMessage } from './import-schedule-dialog';

describe('translateScheduleMessage', () => {
  it('translates the rules and the server messages with their parameters, in every language', () => {
    const message = scheduleMessage(SCHEDULE_MESSAGES.duplicateInTransit, {
      value: 'W-1',
      transit: 'MCT "A"',
    });
    expect(translateScheduleMessage(i18n.getFixedT('en-US', 'schedules'), message)).toBe(message);
    expect(translateScheduleMessage(i18n.getFixedT('de-DE', 'schedules'), message)).toBe(
      'Das Kennzeichen „W-1“ ist schon in Durchführung „MCT "A"“.',
    );
    const rejected = scheduleMessage(SCHEDULE_MESSAGES.rejected, { count: 3 });
    expect(translateScheduleMessage(i18n.getFixedT('zh-Hans', 'schedules'), rejected)).toBe(
      '未导入任何内容：3 行有问题。请更正后重新导入。',
    );
    expect(translateScheduleMessage(i18n.getFixedT('fr-FR', 'schedules'), SCHEDULE_MESSAGES.fileEmpty)).toBe(
      'Le fichier n’a aucune ligne.',
    );
  });

  it('has every contract message in every language, and leaves an unknown message as it is', () => {
    for (const culture of ['en-US', 'de-DE', 'fr-FR', 'zh-Hans']) {
      for (const key of Object.keys(SCHEDULE_MESSAGES))
        expect(
          i18n.exists(`schedules:messages.${key}`, { lng: culture, count: 2 }),
          `${culture} ${key}`,
        ).toBe(true);
    }
    expect(translateScheduleMessage(i18n.getFixedT('de-DE', 'schedules'), 'Something else.')).toBe(
      'Something else.',
    );
  });
});
