/**
 * Share targets that work without an SDK: each opens the app or site with the link filled in
 * (the merchandise shop's share links and a fundraiser participant's share sheet).
 */
export function facebookShareUrl(url: string): string {
  return `https://www.facebook.com/sharer/sharer.php?u=${encodeURIComponent(url)}`;
}

export function xShareUrl(url: string, text: string): string {
  return `https://x.com/intent/post?url=${encodeURIComponent(url)}&text=${encodeURIComponent(text)}`;
}

/** A text message with the words and the link (`sms:?&body=` is what both iOS and Android read). */
export function smsShareUrl(url: string, text: string): string {
  return `sms:?&body=${encodeURIComponent(`${text} ${url}`)}`;
}

export function whatsappShareUrl(url: string, text: string): string {
  return `https://wa.me/?text=${encodeURIComponent(`${text} ${url}`)}`;
}
