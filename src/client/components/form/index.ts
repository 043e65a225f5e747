export { Field, FormAlert, controlProps, type FieldProps } from './field';
export { Checkbox, RadioGroup, Select, ShopFormProvider, TextInput, Textarea, useFieldProps, type RadioOption } from './inputs';
export {
  errorPaths,
  fieldId,
  useShopForm,
  useShopFormContext,
  useStorefrontErrorText,
  type ErrorText,
  type ShopForm,
  type ShopFormContextValue,
  type ShopFormOptions,
} from './use-shop-form';
