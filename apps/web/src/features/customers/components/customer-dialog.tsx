import { useEffect } from 'react';
import { Button, Fieldset, Group, Modal, Select, Stack, TextInput } from '@mantine/core';
import { notify } from '@/lib/toast';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import {
  CUSTOMER_MESSAGES,
  customerFormSchema,
  customerFormToInput,
  customerToForm,
  type Customer,
  type CustomerForm,
} from '@sealplan/contracts';
import { ApiRequestError } from '@/lib/api-client';
import { useIndustries, useSaveCustomer } from '../api/customers-api';
import { customerMessage } from '../lib/messages';
import { useLocalizedName } from '@/lib/localized-name';

export interface CustomerDialogProps {
  opened: boolean;
  onClose: () => void;
  /** The customer to edit; absent to add one. */
  customer?: Customer | null;
  /** Called with the saved customer (e.g. the new-project page selects it). */
  onSaved?: (customer: Customer) => void;
}

const EMPTY: CustomerForm = {
  companyName: '',
  industry: '',
  pocFirstName: '',
  pocLastName: '',
  pocPhoneNumber: '',
  pocEmail: '',
};

function toForm(c: Customer | null | undefined): CustomerForm {
  return c ? customerToForm(c) : EMPTY;
}

/** Server field names (stored shape) -> the dialog's field names, to put a server message under its field. */
const FORM_FIELD_BY_INPUT: Record<string, keyof CustomerForm> = {
  name: 'companyName',
  industryId: 'industry',
  contactFirstName: 'pocFirstName',
  contactLastName: 'pocLastName',
  contactPhone: 'pocPhoneNumber',
  contactEmail: 'pocEmail',
};

/**
 * Add/Edit Customer dialog (spec §2, §5): every rule comes from the shared contract schema; errors show once a
 * field is touched and the Add/Save button stays disabled while the form is invalid. A failed save keeps the form.
 */
export function CustomerDialog({ opened, onClose, customer, onSaved }: CustomerDialogProps) {
  const { t } = useTranslation('customers');
  const name = useLocalizedName();
  const industries = useIndustries();
  const save = useSaveCustomer();
  const form = useForm<CustomerForm>({
    resolver: zodResolver(customerFormSchema),
    mode: 'onTouched',
    defaultValues: toForm(customer),
  });
  const { errors, isValid } = form.formState;

  useEffect(() => {
    if (opened) form.reset(toForm(customer));
  }, [opened, customer, form]);

  const submit = form.handleSubmit(async (values) => {
    try {
      const saved = await save.mutateAsync(customerFormToInput(values, customer ?? undefined));
      // Spec §8 success toast.
      notify({ color: 'green', message: t('saved', { defaultValue: CUSTOMER_MESSAGES.saved }) });
      onSaved?.(saved);
      onClose();
    } catch (error) {
      if (error instanceof ApiRequestError && error.fields) {
        for (const [field, message] of Object.entries(error.fields)) {
          const key = FORM_FIELD_BY_INPUT[field.replace(/^customer\./, '')];
          if (key) form.setError(key, { message });
        }
      }
      notify({ color: 'red', message: error instanceof Error ? error.message : t('saveFailed') });
    }
  });

  return (
    <Modal
      opened={opened}
      onClose={onClose}
      title={customer ? t('dialog.editTitle') : t('dialog.addTitle')}
      size="lg"
      centered
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <TextInput
            label={t('fields.companyName')}
            required
            {...form.register('companyName')}
            error={customerMessage(t, errors.companyName?.message)}
            data-autofocus
          />
          <Controller
            control={form.control}
            name="industry"
            render={({ field, fieldState }) => (
              <Select
                label={t('fields.industry')}
                placeholder={t('fields.selectIndustry')}
                required
                data={(industries.data ?? []).map((i) => ({ value: i.id, label: name(i) }))}
                value={field.value || null}
                onChange={(v) => field.onChange(v ?? '')}
                onBlur={field.onBlur}
                error={customerMessage(t, fieldState.error?.message)}
              />
            )}
          />
          <Fieldset legend={t('fields.primaryContact')}>
            <Stack gap="sm">
              <Group grow align="flex-start">
                <TextInput
                  label={t('fields.firstName')}
                  required
                  {...form.register('pocFirstName')}
                  error={customerMessage(t, errors.pocFirstName?.message)}
                />
                <TextInput
                  label={t('fields.lastName')}
                  required
                  {...form.register('pocLastName')}
                  error={customerMessage(t, errors.pocLastName?.message)}
                />
              </Group>
              <Group grow align="flex-start">
                <TextInput
                  label={t('fields.phone')}
                  type="tel"
                  required
                  {...form.register('pocPhoneNumber')}
                  error={customerMessage(t, errors.pocPhoneNumber?.message)}
                />
                <TextInput
                  label={t('fields.email')}
                  type="email"
                  required
                  {...form.register('pocEmail')}
                  error={customerMessage(t, errors.pocEmail?.message)}
                />
              </Group>
            </Stack>
          </Fieldset>
          <Group justify="flex-end" mt="sm">
            <Button variant="default" onClick={onClose}>
              {t('dialog.cancel')}
            </Button>
            <Button type="submit" disabled={!isValid} loading={save.isPending}>
              {customer ? t('dialog.save') : t('dialog.add')}
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  );
}
