/* The page around the content: its style and its script, both inline so
 * that the page needs nothing but itself. */
#include "page.h"

static const char page_style[] =
    "body{font:15px/1.45 system-ui,-apple-system,'Segoe UI',Roboto,sans-serif;margin:1.5em auto;"
    "max-width:1400px;padding:0 1.5em;color:#1d2430;background:#fff}\n"
    "h1{font-size:1.45em;margin:.2em 0 .4em}h2{font-size:1.15em;margin:1.6em 0 .5em;"
    "border-bottom:1px solid #d8dde6;padding-bottom:.2em}\n"
    "p{margin:.35em 0}.note{color:#5a6577}\n"
    "pre.lines{font:12.5px/1.4 ui-monospace,'DejaVu Sans Mono',Menlo,monospace;background:#f6f8fb;"
    "padding:.5em .8em;border-radius:4px;overflow-x:auto;white-space:pre-wrap}\n"
    ".table-wrap{overflow-x:auto}\n"
    "table.sortable{border-collapse:collapse;font-variant-numeric:tabular-nums;font-size:14px}\n"
    "table.sortable th{position:sticky;top:0;background:#eef1f6;text-align:right;padding:0;"
    "border-bottom:2px solid #b8c1cf;vertical-align:bottom;max-width:7.5em}\n"
    "table.sortable th[data-type=text]{text-align:left}\n"
    "table.sortable th button{font:inherit;font-weight:600;background:none;border:0;padding:.35em .6em;"
    "cursor:pointer;color:inherit;text-align:inherit;width:100%}\n"
    "table.sortable th[aria-sort=ascending] button::after{content:' \\25B2'}\n"
    "table.sortable th[aria-sort=descending] button::after{content:' \\25BC'}\n"
    "table.sortable td{padding:.25em .6em;text-align:right;border-bottom:1px solid #e6e9ef;"
    "white-space:nowrap}\n"
    "table.sortable td.text{text-align:left}\n"
    "table.sortable td.name{white-space:normal;min-width:26em;max-width:44em;overflow-wrap:anywhere}\n"
    "table.sortable td.prose{white-space:normal;min-width:8em;max-width:18em}\n"
    "table.sortable td a{color:#1f5fb8;text-decoration:none}table.sortable td a:hover{text-decoration:underline}\n"
    "table.sortable tbody tr:hover{background:#f5f8fd}\n"
    "figure.chart{margin:.5em 0}figure.chart svg{max-width:100%;height:auto;display:block}\n"
    "details{margin:.3em 0;border:1px solid #e1e5ec;border-radius:4px;padding:.2em .6em}\n"
    "details summary{cursor:pointer;font-weight:600;overflow-wrap:anywhere}\n"
    "details pre{font:12.5px/1.4 ui-monospace,'DejaVu Sans Mono',Menlo,monospace;overflow-x:auto;"
    "margin:.4em 0}\n"
    "details:target{border-color:#3b7bd4;box-shadow:0 0 0 2px #cfe0f7}\n";

/* Sorting, and gnuplot's hypertext as tooltips: gnuplot's svg terminal
 * writes a point's hypertext into an onmousemove handler that calls its
 * own script, which a page without that script lacks; the text moves
 * into the point's <title>, which every browser shows on hover.  The
 * button gnuplot's script adds to toggle a grid goes: it sits on the
 * chart's note, and the chart has its grid.  A link to a collapsed
 * explanation opens it. */
static const char page_script[] =
    "(function(){'use strict';\n"
    "function key(row,i,numeric){var c=row.cells[i];if(!c)return numeric?NaN:'';"
    "var s=c.getAttribute('data-sort');if(s===null)s=c.textContent;"
    "if(!numeric)return s.toLowerCase();return s===''?NaN:parseFloat(s);}\n"
    "function compare(a,b,numeric,sign){if(numeric){var an=isNaN(a),bn=isNaN(b);"
    "if(an||bn)return an===bn?0:(an?1:-1);return (a-b)*sign;}"
    "return a<b?-sign:(a>b?sign:0);}\n"
    "function sortBy(table,th,i){var numeric=th.getAttribute('data-type')==='number';"
    "var was=th.getAttribute('aria-sort');"
    "var descending=was?was==='ascending':numeric;"
    "var ths=table.tHead.rows[0].cells;for(var j=0;j<ths.length;j++)ths[j].removeAttribute('aria-sort');"
    "th.setAttribute('aria-sort',descending?'descending':'ascending');"
    "var body=table.tBodies[0],rows=Array.prototype.slice.call(body.rows);"
    "var keyed=rows.map(function(r,n){return {r:r,k:key(r,i,numeric),n:n};});"
    "keyed.sort(function(a,b){return compare(a.k,b.k,numeric,descending?-1:1)||a.n-b.n;});"
    "keyed.forEach(function(x){body.appendChild(x.r);});}\n"
    "document.querySelectorAll('table.sortable').forEach(function(table){"
    "var ths=table.tHead.rows[0].cells;Array.prototype.forEach.call(ths,function(th,i){"
    "th.querySelector('button').addEventListener('click',function(){sortBy(table,th,i);});});});\n"
    "var svgns='http://www.w3.org/2000/svg';\n"
    "document.querySelectorAll('figure.chart g[onmousemove]').forEach(function(g){"
    "var m=/showHypertext\\(evt,'([\\s\\S]*)'\\)$/.exec(g.getAttribute('onmousemove'));if(!m)return;"
    "var t=g.querySelector('title');if(!t){t=document.createElementNS(svgns,'title');"
    "g.insertBefore(t,g.firstChild);}"
    "t.textContent=m[1].replace(/\\\\n/g,'\\n');"
    "g.removeAttribute('onmousemove');g.removeAttribute('onmouseout');"
    "g.setAttribute('class','point');});\n"
    "document.querySelectorAll('figure.chart svg > title').forEach(function(t){t.remove();});\n"
    "document.querySelectorAll('figure.chart image[onclick^=\"gnuplot_svg.toggleGrid\"]')"
    ".forEach(function(i){i.remove();});\n"
    "function openTarget(){var id=location.hash.slice(1);if(!id)return;var d=document.getElementById(id);"
    "if(d&&d.tagName==='DETAILS')d.open=true;}\n"
    "window.addEventListener('hashchange',openTarget);openTarget();\n"
    "})();\n";

void page_begin(FILE *out, const char *title)
{
    fputs("<!DOCTYPE html>\n<html lang=\"en\">\n<head>\n<meta charset=\"utf-8\">\n"
          "<meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\n<title>",
          out);
    page_escape(out, title);
    fputs("</title>\n<style>\n", out);
    fputs(page_style, out);
    fputs("</style>\n</head>\n<body>\n<h1>", out);
    page_escape(out, title);
    fputs("</h1>\n", out);
}

void page_end(FILE *out)
{
    fputs("<script>\n", out);
    fputs(page_script, out);
    fputs("</script>\n</body>\n</html>\n", out);
}
