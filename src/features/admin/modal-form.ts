import type { ModalProps } from 'antd';
import { ADMIN_TEXT } from '@/constants/texts';

/**
 * The modal props of every back-end ModalForm: the button texts are set here
 * (ProForm otherwise picks them from whichever locale context it finds) and the
 * form is rebuilt on each opening, so it starts from the current values.
 */
export const MODAL_FORM_PROPS: ModalProps = {
  destroyOnHidden: true,
  okText: ADMIN_TEXT.ok,
  cancelText: ADMIN_TEXT.cancel,
};
