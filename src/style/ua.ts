/**
 * The user-agent stylesheet: HTML's expected default rendering for print, condensed to what a
 * document renderer needs. Page defaults (A4, 2 cm margins) live here too so author @page rules
 * override them through the normal cascade.
 */
export const UA_STYLESHEET = `
@page { size: A4; margin: 20mm; @footnote { margin-top: 1em; } }

html, address, blockquote, body, center, dialog, div, figure, figcaption, footer, form, header,
hr, legend, listing, main, p, plaintext, pre, search, xmp, details, summary, article, aside,
h1, h2, h3, h4, h5, h6, hgroup, nav, section, dl, dt, dd, ol, ul, menu, dir, fieldset, optgroup,
address, noscript { display: block; }

head, script, style, template, title, meta, link, base, noembed, noframes, datalist, param,
rp, area, map, dialog:not([open]), [hidden]:not([hidden=until-found]), input[type=hidden] { display: none; }

html { color: black; font-family: serif; font-size: 16px; line-height: normal; }
body { margin: 8px; }

p, blockquote, figure, dl, listing, plaintext, pre, xmp { margin-top: 1em; margin-bottom: 1em; }
blockquote, figure { margin-left: 40px; margin-right: 40px; }
address, cite, dfn, em, i, var { font-style: italic; }
b, strong, th { font-weight: bolder; }
th { font-weight: bold; }
center { text-align: -webkit-center; }
small { font-size: smaller; }
big { font-size: larger; }
sub { vertical-align: sub; font-size: smaller; }
sup { vertical-align: super; font-size: smaller; }
u, ins { text-decoration: underline; }
s, strike, del { text-decoration: line-through; }
mark { background-color: yellow; color: black; }
abbr[title], acronym[title] { text-decoration: underline dotted; }
code, kbd, samp, tt, pre, listing, plaintext, xmp { font-family: monospace; }
pre, listing, plaintext, xmp { white-space: pre; }
textarea { white-space: pre-wrap; }
nobr { white-space: nowrap; }
wbr { display: inline; }
br { display: inline; }
q::before { content: open-quote; }
q::after { content: close-quote; }
ruby { display: inline; }
rt { font-size: 50%; }

h1 { font-size: 2em; margin-top: 0.67em; margin-bottom: 0.67em; font-weight: bold; }
h2 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; font-weight: bold; }
h3 { font-size: 1.17em; margin-top: 1em; margin-bottom: 1em; font-weight: bold; }
h4 { font-size: 1em; margin-top: 1.33em; margin-bottom: 1.33em; font-weight: bold; }
h5 { font-size: 0.83em; margin-top: 1.67em; margin-bottom: 1.67em; font-weight: bold; }
h6 { font-size: 0.67em; margin-top: 2.33em; margin-bottom: 2.33em; font-weight: bold; }
h1, h2, h3, h4, h5, h6 { break-after: avoid; }
h1 { bookmark-level: 1; } h2 { bookmark-level: 2; } h3 { bookmark-level: 3; }
h4 { bookmark-level: 4; } h5 { bookmark-level: 5; } h6 { bookmark-level: 6; }
::footnote-call { content: counter(footnote); vertical-align: super; font-size: smaller; }
::footnote-marker { content: counter(footnote) '. '; }
:is(article, aside, nav, section) h1 { font-size: 1.5em; margin-top: 0.83em; margin-bottom: 0.83em; }

hr { color: gray; border-style: inset; border-width: 1px; margin: 0.5em auto; }

dir, dl, menu, ol, ul { margin-top: 1em; margin-bottom: 1em; }
:is(dir, dl, menu, ol, ul) :is(dir, dl, menu, ol, ul) { margin-top: 0; margin-bottom: 0; }
dd { margin-left: 40px; }
dir, menu, ol, ul { padding-left: 40px; }
ol, ul, menu { counter-reset: list-item; }
ol { list-style-type: decimal; }
ul, menu, dir { list-style-type: disc; }
:is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: circle; }
:is(ul, ol, menu, dir) :is(ul, ol, menu, dir) :is(ul, menu, dir) { list-style-type: square; }
li { display: list-item; }
ol[type="1"], li[type="1"] { list-style-type: decimal; }
ol[type=a s], li[type=a s] { list-style-type: lower-alpha; }
ol[type=A s], li[type=A s] { list-style-type: upper-alpha; }
ol[type=i s], li[type=i s] { list-style-type: lower-roman; }
ol[type=I s], li[type=I s] { list-style-type: upper-roman; }
ul[type=none i], li[type=none i] { list-style-type: none; }
ul[type=disc i], li[type=disc i] { list-style-type: disc; }
ul[type=circle i], li[type=circle i] { list-style-type: circle; }
ul[type=square i], li[type=square i] { list-style-type: square; }
::marker { unicode-bidi: isolate; white-space: pre; text-transform: none; }

table { display: table; box-sizing: border-box; border-spacing: 2px; border-collapse: separate; text-indent: 0; text-align: -internal-table; }
caption { display: table-caption; text-align: center; }
colgroup { display: table-column-group; }
col { display: table-column; }
thead { display: table-header-group; vertical-align: middle; }
tbody { display: table-row-group; vertical-align: middle; }
tfoot { display: table-footer-group; vertical-align: middle; }
tr { display: table-row; vertical-align: inherit; }
td, th { display: table-cell; vertical-align: inherit; padding: 1px; }
th { text-align: -internal-th; }
table > tr { vertical-align: middle; }

img, svg, video, canvas, iframe, embed, object, input, select, textarea, button, meter, progress { display: inline-block; }
iframe { border: 2px inset; }
video, img, svg { object-fit: fill; }
a:link { color: #0000ee; text-decoration: underline; }
fieldset { margin-left: 2px; margin-right: 2px; border: 2px groove #c0c0c0; padding: 0.35em 0.75em 0.625em; }
legend { padding-left: 2px; padding-right: 2px; }
button, input, select, textarea { font-family: sans-serif; font-size: 13.33px; }
input, textarea, select, button { border: 1px solid #767676; padding: 1px 2px; color: #000; background-color: #fff; text-align: start; vertical-align: baseline; }
input, select, button { white-space: pre; }
input::placeholder, textarea::placeholder { color: #757575; }
textarea { font-family: monospace; padding: 2px; vertical-align: text-bottom; }
select { padding: 0 0 0 3px; border-radius: 0; }
button, input[type=submit i], input[type=reset i], input[type=button i] { padding: 1px 6px; background-color: #efefef; border-radius: 2px; text-align: center; }
input[type=checkbox i], input[type=radio i] { border: none; padding: 0; background-color: transparent; margin: 3px 3px 0 4px; width: 13px; height: 13px; }
input[type=radio i] { margin: 3px 3px 0 5px; }
input[type=range i] { border: none; padding: 0; background-color: transparent; margin: 2px; width: 129px; height: 16px; }
input[type=color i] { border: none; padding: 0; background-color: transparent; width: 44px; height: 19px; }
input[type=file i] { border: none; padding: 0; background-color: transparent; }
progress { border: none; padding: 0; background-color: transparent; width: 10em; height: 1em; vertical-align: -0.2em; }
meter { border: none; padding: 0; background-color: transparent; width: 5em; height: 1em; vertical-align: -0.2em; }
details > summary:first-of-type { display: list-item; list-style: disclosure-closed inside; }
details[open] > summary:first-of-type { list-style-type: disclosure-open; }

[dir=rtl i] { direction: rtl; unicode-bidi: isolate; }
[dir=ltr i] { direction: ltr; unicode-bidi: isolate; }
bdi, output { unicode-bidi: isolate; }
bdo { unicode-bidi: isolate-override; }
bdo[dir] { unicode-bidi: isolate-override; }
`;

/**
 * Added to the user-agent sheet in quirks mode: the quirks of HTML's rendering section that
 * still shape pages saved by office suites. Tables do not inherit the text's font and alignment,
 * and the default margins at the top and bottom of the body and of cells vanish (a browser drops
 * only its own default margins there; being user-agent rules, these lose to any author margin).
 */
export const QUIRKS_STYLESHEET = `
table { font-weight: initial; font-style: initial; font-size: initial; line-height: initial; white-space: initial; text-align: initial; }
:is(body, td, th) > :first-child { margin-top: 0; }
:is(body, td, th) > :last-child { margin-bottom: 0; }
`;
