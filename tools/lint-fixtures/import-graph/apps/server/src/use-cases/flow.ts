export const flow = () => 1;
