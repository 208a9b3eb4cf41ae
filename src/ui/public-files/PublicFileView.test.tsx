import { fireEvent, render, screen } from '@testing-library/react';
import { Providers } from '@/app/providers';
import { type PublicFileCard, PublicFileView } from '@/ui/public-files/PublicFileView';
import { UploadForm } from '@/ui/public-files/UploadForm';

const card: PublicFileCard = {
  name: 'setup.exe',
  sender: 'Sid Staff',
  sizeText: '2 GB',
  extension: 'exe',
  iconKind: 'executable',
  executable: true,
  downloadHref: 'http://console.test/api/v1/public-files/k/download?s=x',
  timeLeft: 'in 3 days',
};

describe('PublicFileView', () => {
  it('loading, is the card with placeholders; the file fills it in, its last line the same element', () => {
    const { rerender } = render(
      <Providers env="test">
        <PublicFileView state="loading" />
      </Providers>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'Download file' })).toBeTruthy();
    expect(screen.getByText('Loading...')).toBeTruthy();
    expect(screen.queryByRole('link')).toBeNull();
    const disclaimer = screen.getByText(/The sender is responsible for the content of this file/);
    rerender(
      <Providers env="test">
        <PublicFileView state="ready" file={card} />
      </Providers>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'setup.exe' })).toBeTruthy();
    expect(screen.queryByText('Loading...')).toBeNull();
    expect(screen.getByText(/The sender is responsible for the content of this file/)).toBe(disclaimer);
  });

  it('shows the card: name as the heading, sender, caution, Download with size, time left, disclaimer', () => {
    render(
      <Providers env="test">
        <PublicFileView state="ready" file={card} />
      </Providers>,
    );
    expect(screen.getByRole('heading', { level: 1, name: 'setup.exe' })).toBeTruthy();
    expect(screen.getByText('From Sid Staff')).toBeTruthy();
    expect(screen.getByText(/Caution: this file is a program/)).toBeTruthy();
    const download = screen.getByRole('link', { name: 'Download (2 GB)' });
    expect(download.getAttribute('href')).toBe(card.downloadHref);
    expect(screen.getByText('File will be deleted in 3 days')).toBeTruthy();
    expect(screen.getByText(/The sender is responsible for the content of this file/)).toBeTruthy();
  });

  it('has no caution for a document and no time left without an expiry', () => {
    render(
      <Providers env="test">
        <PublicFileView state="ready" file={{ ...card, name: 'a.pdf', executable: false, timeLeft: null }} />
      </Providers>,
    );
    expect(screen.queryByText(/Caution/)).toBeNull();
    expect(screen.queryByText(/File will be deleted/)).toBeNull();
  });

  it('shows a failure with a heading, and Retry only when offered', () => {
    const onRetry = vi.fn();
    const { rerender } = render(
      <Providers env="test">
        <PublicFileView state="failed" message="Unknown error. Please try again" onRetry={onRetry} />
      </Providers>,
    );
    expect(screen.getByRole('heading', { level: 1 })).toBeTruthy();
    expect(screen.getByRole('alert').textContent).toBe('Unknown error. Please try again');
    fireEvent.click(screen.getByRole('button', { name: 'Retry' }));
    expect(onRetry).toHaveBeenCalledOnce();
    rerender(
      <Providers env="test">
        <PublicFileView
          state="failed"
          message="Invalid URL, please ask the sender to send it to you again"
          onRetry={null}
        />
      </Providers>,
    );
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull();
  });
});

describe('UploadForm', () => {
  const props = {
    uploading: false,
    share: null,
    fieldErrors: [],
    errorMessage: null,
    link: null,
    onSubmit: vi.fn(),
    onCancel: vi.fn(),
    onAgain: vi.fn(),
  };

  it('submits what was chosen: no file is null, the lifetime in days', () => {
    const onSubmit = vi.fn();
    render(
      <Providers env="test">
        <UploadForm {...props} onSubmit={onSubmit} />
      </Providers>,
    );
    fireEvent.change(screen.getByLabelText('Sender'), { target: { value: '  Sid  ' } });
    fireEvent.click(screen.getByRole('button', { name: 'Upload' }));
    expect(onSubmit).toHaveBeenCalledWith({ file: null, preview: null, sender: 'Sid', lifetimeDays: 7 });
  });

  it('shows field errors under their fields, the progress while uploading, and the link when done', () => {
    const { rerender } = render(
      <Providers env="test">
        <UploadForm
          {...props}
          fieldErrors={[
            { field: 'file', message: 'must not be empty' },
            { field: 'info.expiresAt', message: 'is too far away' },
          ]}
        />
      </Providers>,
    );
    expect(screen.getByText('File must not be empty')).toBeTruthy();
    expect(screen.getByText('Expires at is too far away')).toBeTruthy();
    rerender(
      <Providers env="test">
        <UploadForm {...props} uploading share={0.42} />
      </Providers>,
    );
    expect(screen.getByText('Uploading... 42%')).toBeTruthy();
    expect(screen.getByRole('progressbar', { name: 'Upload progress' }).getAttribute('aria-valuenow')).toBe(
      '42',
    );
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(props.onCancel).toHaveBeenCalledOnce();
    rerender(
      <Providers env="test">
        <UploadForm {...props} link="http://console.test/public-files/k?s=x" />
      </Providers>,
    );
    expect((screen.getByRole('textbox', { name: 'Share link' }) as HTMLInputElement).value).toBe(
      'http://console.test/public-files/k?s=x',
    );
    expect(screen.getByRole('button', { name: 'Copy link' })).toBeTruthy();
  });
});
