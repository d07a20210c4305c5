/** Amazon's product id: ten capitals and digits, the same rule as the products.asin CHECK. */
export function isAsin(value: string): boolean {
  return /^[A-Z0-9]{10}$/.test(value)
}
