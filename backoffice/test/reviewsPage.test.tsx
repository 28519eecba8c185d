// @vitest-environment jsdom
import { cleanup, fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ReviewsPage } from '../src/pages/ReviewsPage';
import { fakeApi, renderPage } from './renderPage';

afterEach(() => {
  cleanup();
  vi.unstubAllGlobals();
});

const review = {
  id: '7',
  status: 'PENDING',
  productSku: 'TEE',
  productName: 'Crew Tee',
  storeCode: 'default',
  nickname: 'Ada',
  summary: 'Soft <b>and</b> warm',
  text: 'Wore it all winter.',
  byCustomer: false,
  createdAt: '2026-11-27 09:00:00',
  ratings: [{ label: 'Quality', value: 5 }],
};

describe('the reviews page', () => {
  it('lists pending reviews as plain text and approves one', async () => {
    const api = fakeApi({
      AdminReviews: (v) => ({ data: { reviews: { totalCount: 1, items: v.status === 'PENDING' ? [review] : [] } } }),
      ModerateReview: (v) => ({ data: { moderateReview: { id: v.id, status: v.status } } }),
    });
    renderPage(<ReviewsPage />);
    expect(await screen.findByRole('heading', { name: 'Soft <b>and</b> warm' })).toBeTruthy();
    expect(screen.getByText('Quality: 5 of 5')).toBeTruthy();
    fireEvent.click(screen.getByRole('button', { name: 'Approve the review by Ada' }));
    await waitFor(() => expect(api.mutations()).toHaveLength(1));
    expect(api.mutations()[0]?.variables).toEqual({ id: '7', status: 'APPROVED' });
  });

  it('shows a viewer the reviews without the buttons', async () => {
    fakeApi({ AdminReviews: () => ({ data: { reviews: { totalCount: 1, items: [review] } } }) }, 'VIEWER');
    renderPage(<ReviewsPage />);
    expect(await screen.findByText('Wore it all winter.')).toBeTruthy();
    expect(screen.queryByRole('button', { name: /Approve/ })).toBeNull();
  });
});
