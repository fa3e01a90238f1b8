import { vi } from 'vitest';
import { configure } from '@testing-library/react';
import { fakeToken } from '../../test/render';

/** Each page is a lazily loaded chunk (the dashboard's includes the chart library): allow for a busy machine. */
configure({ asyncUtilTimeout: 4000 });

/** A logged-in admin, as the login screen leaves the storage. */
export function loginAdmin() {
  sessionStorage.setItem('token_admin', fakeToken());
  localStorage.setItem('tipo', 'admin');
  localStorage.setItem('id', '1');
  localStorage.setItem('email', 'admin@tecnicocerto.pt');
}

/** jsdom has no layout: recharts' ResponsiveContainer asks for ResizeObserver. */
export function stubLayoutApis() {
  class Observer {
    observe() {}
    unobserve() {}
    disconnect() {}
    takeRecords() {
      return [];
    }
  }
  vi.stubGlobal('ResizeObserver', Observer);
}
