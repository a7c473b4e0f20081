import { SegmentedControl, type SegmentedControlProps } from '@mantine/core';
import { useTranslation } from 'react-i18next';
import { MEASUREMENT_SYSTEMS, useUnits, type MeasurementSystem } from '@/lib/units';

/** Spec §1/§4: the METRIC / IMPERIAL switch; every figure on screen follows it at once. */
export function MeasurementSwitch(props: Omit<SegmentedControlProps, 'data' | 'value' | 'onChange'>) {
  const { t } = useTranslation('shell');
  const { system, setSystem } = useUnits();
  return (
    <SegmentedControl
      aria-label={t('units.label')}
      {...props}
      value={system}
      onChange={(value) => setSystem(value as MeasurementSystem)}
      data={MEASUREMENT_SYSTEMS.map((value) => ({ value, label: t(`units.${value}`) }))}
    />
  );
}
