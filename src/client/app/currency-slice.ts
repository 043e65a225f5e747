import { createSlice, type PayloadAction } from '@reduxjs/toolkit';
import { defaultCurrency, setCurrency as setCurrencyRule, type CurrencyCode, type CurrencyState } from '../../shared/domain/currency';

type Rates = Partial<Record<CurrencyCode, number>>;

const currencySlice = createSlice({
  name: 'currency',
  initialState: defaultCurrency as CurrencyState,
  reducers: {
    /** Unknown currency names are ignored: the state stays valid (the earlier shop broke here). */
    setCurrency(state, action: PayloadAction<{ currencyName: string; rates: Rates }>) {
      return setCurrencyRule(state, action.payload.currencyName, action.payload.rates);
    },
    /** Keeps the chosen currency's rate in step with the shop's settings. */
    syncRates(state, action: PayloadAction<Rates>) {
      return setCurrencyRule(state, state.currencyName, action.payload);
    },
  },
});

export const { setCurrency, syncRates } = currencySlice.actions;
export default currencySlice.reducer;
