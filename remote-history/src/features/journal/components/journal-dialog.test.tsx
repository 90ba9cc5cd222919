import { renderWithProviders, screen } from '@synctrade/test-utils';
import { JournalDialog } from './journal-dialog';

function renderDialog(initialNote = '') {
  const onClose = jest.fn();
  const onSave = jest.fn(async () => true);
  const view = renderWithProviders(
    <JournalDialog title="Trade journal" initialNote={initialNote} onSave={onSave} onClose={onClose} />,
  );
  return { ...view, onClose, onSave };
}

describe('the journal note dialog', () => {
  it('when Escape is pressed with typed text, then it asks first and Keep editing keeps the text', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Note'), 'Chased the open, sized too big');
    await user.keyboard('{Escape}');

    expect(onClose).not.toHaveBeenCalled();
    expect(screen.getByRole('alert')).toHaveTextContent('Discard the note you typed? It has not been saved.');
    await user.click(screen.getByRole('button', { name: 'Keep editing' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveValue('Chased the open, sized too big');
    expect(screen.getByLabelText('Note')).toHaveFocus();
    expect(onClose).not.toHaveBeenCalled();
  });

  it('when Escape is pressed twice, then the second one goes back to the note rather than discarding it', async () => {
    const { user, onClose } = renderDialog();
    await user.type(screen.getByLabelText('Note'), 'Good patience');
    await user.keyboard('{Escape}');
    await user.keyboard('{Escape}');
    expect(onClose).not.toHaveBeenCalled();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Note')).toHaveValue('Good patience');
  });

  it('when the trader confirms Discard, then the dialog closes without saving', async () => {
    const { user, onClose, onSave } = renderDialog('Old note');
    await user.type(screen.getByLabelText('Note'), ' and more');
    await user.click(screen.getByTestId('modal-overlay'));
    await user.click(screen.getByRole('button', { name: 'Discard' }));
    expect(onClose).toHaveBeenCalledTimes(1);
    expect(onSave).not.toHaveBeenCalled();
  });

  it('when nothing was changed, then Escape closes at once; Cancel always closes at once', async () => {
    const first = renderDialog('Kept note');
    await first.user.keyboard('{Escape}');
    expect(first.onClose).toHaveBeenCalledTimes(1);
    first.unmount();

    const second = renderDialog();
    await second.user.type(screen.getByLabelText('Note'), 'typed');
    await second.user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(second.onClose).toHaveBeenCalledTimes(1);
  });
});
