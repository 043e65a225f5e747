/**
 * The one way to write a form in the shop:
 *
 *   const shop = useShopForm<ContactInput>({ schema: contactSchema, idPrefix: 'contact', defaultValues });
 *   <ShopFormProvider shop={shop} onSubmit={shop.handleSubmit(send)}>
 *     <TextInput name="email" label={t('contact.emailField')} type="email" />
 *   </ShopFormProvider>
 *
 * The schema is the shared one from src/shared/schemas that the server uses too. Fields get their
 * id (`<idPrefix>-<path>`), label, hint and translated error wired for screen readers; a submit
 * with errors focuses the first invalid field in page order; `shop.applyServerErrors(failure.fields)`
 * puts the server's field codes beside the fields; `onDraft` keeps what is typed. Controls the
 * bound inputs do not cover use `Field` with `useFieldProps(name)`.
 */
export { Field, FieldError, FormAlert, controlProps, type FieldProps } from './field';
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
