// Composition of the new-project page: features do not import each other, so app/ hands it the customer dialog.
// A route module of its own, so that the project page does not download the customer form (ADR 033).
import { CustomerDialog } from '@/features/customers/components/customer-dialog';
import { NewProjectPage } from '@/features/projects/pages/new-project-page';

export function NewProjectRoute() {
  return (
    <NewProjectPage
      renderCustomerDialog={(p) => (
        <CustomerDialog opened={p.opened} onClose={p.onClose} onSaved={p.onSaved} />
      )}
    />
  );
}
