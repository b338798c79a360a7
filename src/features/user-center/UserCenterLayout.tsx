import { Outlet } from 'react-router-dom';

/** The user center's frame (left column and menu come with the user-center issue). */
export default function UserCenterLayout() {
  return <Outlet />;
}
