import { useState, type ReactNode } from 'react';
import { Alert, Button, Card, Container, Group, Select, Stack, TextInput, Title } from '@mantine/core';
import { notify } from '@/lib/toast';
import { IconAlertTriangle } from '@tabler/icons-react';
import { zodResolver } from '@hookform/resolvers/zod';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useNavigate } from 'react-router';
import { useLeaveGuard } from '@/lib/leave-guard';
import { useTranslation } from 'react-i18next';
import {
  OFFSHORE_INDUSTRY_ID,
  PROJECT_MESSAGES,
  projectFormSchema,
  type ProjectForm,
} from '@sealplan/contracts';
import { useActiveCustomers, useIndustryOptions, useSaveProject } from '../api/projects-api';
import { projectMessage } from '../lib/messages';
import { useLocalizedName } from '@/lib/localized-name';
import { GrowingTextarea } from '@/components/growing-textarea';

/** Spec §9: project save navigation delay. */
export const PROJECT_SAVE_NAVIGATION_DELAY_MS = 200;
const ADD_NEW_CUSTOMER = '__add_new_customer__';

export interface CustomerDialogRenderProps {
  opened: boolean;
  onClose: () => void;
  /** Called with the new customer's id so the page selects it. */
  onSaved: (customer: { id: string }) => void;
}

export interface NewProjectPageProps {
  /** The Add Customer dialog lives in the customers feature; app/ passes it in (features do not import each other). */
  renderCustomerDialog?: (props: CustomerDialogRenderProps) => ReactNode;
}

const EMPTY: ProjectForm = { customerId: '', name: '', industryId: '', description: '' };

/** Spec §2 Start A New Project. */
export function NewProjectPage({ renderCustomerDialog }: NewProjectPageProps) {
  const { t } = useTranslation('projects');
  const name = useLocalizedName();
  const navigate = useNavigate();
  const customers = useActiveCustomers();
  const industries = useIndustryOptions();
  const save = useSaveProject();
  const [customerDialog, setCustomerDialog] = useState(false);
  const [saved, setSaved] = useState(false);
  const form = useForm<ProjectForm>({
    resolver: zodResolver(projectFormSchema),
    mode: 'onTouched',
    defaultValues: EMPTY,
  });
  const { errors, isValid, isDirty } = form.formState;
  const industryId = useWatch({ control: form.control, name: 'industryId' });

  // Spec §2: closing with unsaved changes asks first (in-app navigation and tab close / reload).
  useLeaveGuard(isDirty && !saved);

  const submit = form.handleSubmit(async (values) => {
    try {
      const project = await save.mutateAsync(values);
      setSaved(true);
      // Spec §8 success toast.
      notify({ color: 'green', message: t('create.saved', { defaultValue: PROJECT_MESSAGES.saved }) });
      // Spec §2: toast, then after 200 ms go to the project (or the list when there is no id).
      window.setTimeout(
        () => void navigate(project?.id ? `/projects/${project.id}` : '/projects'),
        PROJECT_SAVE_NAVIGATION_DELAY_MS,
      );
    } catch (error) {
      notify({
        color: 'red',
        title: t('create.failed'),
        message: error instanceof Error ? error.message : '',
      });
    }
  });

  const customerOptions = [
    ...(customers.data ?? []).map((c) => ({ value: c.id, label: c.name })),
    { value: ADD_NEW_CUSTOMER, label: t('create.addNewCustomer') },
  ];

  return (
    <Container size="sm" py="lg">
      <Card withBorder padding="xl" radius="md">
        <form onSubmit={submit} noValidate>
          <Stack gap="md">
            <Title order={1} size="h2">
              {t('create.title')}
            </Title>
            <Controller
              control={form.control}
              name="customerId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('create.customer')}
                  placeholder={t('create.selectCustomer')}
                  data={customerOptions}
                  searchable
                  value={field.value || null}
                  onChange={(v) => {
                    if (v === ADD_NEW_CUSTOMER) {
                      setCustomerDialog(true);
                      return;
                    }
                    field.onChange(v ?? '');
                    // A customer brings its industry as the sensible default (still editable).
                    const customer = customers.data?.find((c) => c.id === v);
                    if (customer && !form.getValues('industryId'))
                      form.setValue('industryId', customer.industry.id, {
                        shouldValidate: true,
                        shouldDirty: true,
                      });
                  }}
                  onBlur={field.onBlur}
                  error={projectMessage(t, fieldState.error?.message)}
                  nothingFoundMessage={t('create.noCustomer')}
                />
              )}
            />
            <TextInput
              label={t('create.name')}
              required
              {...form.register('name')}
              error={projectMessage(t, errors.name?.message)}
            />
            <Controller
              control={form.control}
              name="industryId"
              render={({ field, fieldState }) => (
                <Select
                  label={t('create.industry')}
                  placeholder={t('create.selectIndustry')}
                  data={(industries.data ?? []).map((i) => ({ value: i.id, label: name(i) }))}
                  value={field.value || null}
                  onChange={(v) => field.onChange(v ?? '')}
                  onBlur={field.onBlur}
                  error={projectMessage(t, fieldState.error?.message)}
                />
              )}
            />
            {industryId === OFFSHORE_INDUSTRY_ID && (
              <Alert
                color="orange"
                variant="light"
                icon={<IconAlertTriangle size={18} />}
                title={t('create.offshoreTitle')}
                data-testid="offshore-disclaimer"
              >
                {t('create.offshoreDisclaimer')}
              </Alert>
            )}
            <GrowingTextarea
              label={t('create.notes')}
              minRows={3}
              maxRows={8}
              {...form.register('description')}
            />
            <Group justify="flex-end">
              <Button variant="default" onClick={() => navigate('/projects')}>
                {t('create.cancel')}
              </Button>
              <Button type="submit" disabled={!isValid || saved} loading={save.isPending}>
                {t('create.create')}
              </Button>
            </Group>
          </Stack>
        </form>
      </Card>
      {renderCustomerDialog?.({
        opened: customerDialog,
        onClose: () => setCustomerDialog(false),
        onSaved: (c) => {
          void customers.refetch().then(() =>
            form.setValue('customerId', c.id, {
              shouldValidate: true,
              shouldDirty: true,
              shouldTouch: true,
            }),
          );
        },
      })}
    </Container>
  );
}
