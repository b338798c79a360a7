import { Button } from 'antd';
import { useNavigate } from 'react-router-dom';
import { ROUTES } from '@/constants/routes';
import { FEEDBACK_TEXT } from '@/constants/texts';

/** 返回列表: back to 我的反馈, from a feedback detail page that shows no feedback. */
export function BackToList() {
  const navigate = useNavigate();
  return <Button onClick={() => navigate(ROUTES.userCenter.myFeedback)}>{FEEDBACK_TEXT.backToList}</Button>;
}
