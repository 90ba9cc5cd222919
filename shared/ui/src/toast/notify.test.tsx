import { act, render, screen, waitFor } from '@testing-library/react';
import { toast } from 'react-toastify';
import { AppProviders } from '../providers/app-providers';
import { notify, TOAST_DURATION, TOAST_LIMIT } from './notify';

describe('toasts', () => {
  it('when each kind is raised, then it uses the spec duration', async () => {
    const spy = jest.spyOn(toast, 'success');
    const id = notify.success('Saved');
    expect(id).toBeTruthy();
    await waitFor(() =>
      expect(spy).toHaveBeenCalledWith('Saved', expect.objectContaining({ autoClose: 2000, toastId: id })),
    );
    const errorSpy = jest.spyOn(toast, 'error');
    notify.error('Failed');
    await waitFor(() =>
      expect(errorSpy).toHaveBeenCalledWith('Failed', expect.objectContaining({ autoClose: 4000 })),
    );
    const loadingSpy = jest.spyOn(toast, 'loading');
    notify.loading('Working');
    await waitFor(() =>
      expect(loadingSpy).toHaveBeenCalledWith('Working', expect.objectContaining({ autoClose: false })),
    );
    expect(TOAST_DURATION).toEqual({ blank: 4000, error: 4000, success: 2000, custom: 4000 });
    expect(TOAST_LIMIT).toBe(20);
  });

  it('when a toast is raised, then it shows in the top-center area, at most 350 px wide above everything', async () => {
    const { container } = render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    act(() => {
      notify.blank('Hello trader');
    });
    expect(await screen.findByText('Hello trader')).toBeInTheDocument();
    const area = container.ownerDocument.querySelector('.Toastify__toast-container') as HTMLElement;
    expect(area.className).toContain('top-center');
    expect(area.style.maxWidth).toBe('350px');
    expect(area.style.zIndex).toBe('9999');
  });

  it('when a toast is raised before any toast area is mounted, then it shows once the area mounts', async () => {
    notify.success('Queued');
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    expect(await screen.findByText('Queued')).toBeInTheDocument();
  });

  it('when the same success is raised twice while shown, then it shows once', async () => {
    render(
      <AppProviders>
        <p>page</p>
      </AppProviders>,
    );
    act(() => {
      notify.success('Ratio updated');
    });
    expect(await screen.findByText('Ratio updated')).toBeInTheDocument();
    act(() => {
      notify.success('Ratio updated');
      notify.error('Later toast');
    });
    expect(await screen.findByText('Later toast')).toBeInTheDocument();
    expect(screen.getAllByText('Ratio updated')).toHaveLength(1);
  });
});
