// Checks a gpuroof report page through the DOM, in the browser that loaded
// it: tests/cli/html.sh puts this script after the page's own (so that it
// runs once the page's script has sorted nothing yet and made its
// tooltips) with window.gpuroofExpect set before it, and reads the TAP
// lines this leaves in <pre id="dom-check"> from chromium --dump-dom.
(function () {
    'use strict';
    var expect = window.gpuroofExpect || {};
    var lines = [];
    function check(ok, what, got) {
        lines.push((ok ? 'ok' : 'not ok') + ' - ' + what + (ok ? '' : ' (got ' + got + ')'));
    }
    function column(table, heading) {
        var ths = table.tHead.rows[0].cells;
        for (var i = 0; i < ths.length; i++)
            if (ths[i].textContent.trim() === heading) return i;
        return -1;
    }
    function values(table, i) {
        return Array.prototype.map.call(table.tBodies[0].rows, function (r) {
            var s = r.cells[i].getAttribute('data-sort');
            return s === '' ? NaN : parseFloat(s === null ? r.cells[i].textContent : s);
        });
    }
    function ordered(list, descending) {
        var known = list.filter(function (v) { return !isNaN(v); });
        for (var i = 1; i < known.length; i++)
            if (descending ? known[i] > known[i - 1] : known[i] < known[i - 1]) return false;
        // unknown values come after every known one
        return list.slice(0, known.length).every(function (v) { return !isNaN(v); });
    }
    function names(table, i) {
        return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return r.cells[i].textContent; });
    }
    function fullNames(table, i) {
        return Array.prototype.map.call(table.tBodies[0].rows, function (r) { return r.cells[i].title; });
    }
    var table = document.querySelector('table.sortable#' + (expect.table || 'kernels'));
    check(!!table, 'the page has its table', 'none');
    if (!table) { finish(); return; }
    var rows = table.tBodies[0].rows.length;
    check(rows === expect.rows, 'the table has ' + expect.rows + ' rows', rows);
    var name = column(table, expect.nameColumn), time = column(table, expect.sortColumn);
    check(name >= 0 && time >= 0, 'the table has the columns ' + expect.nameColumn + ' and ' + expect.sortColumn,
          name + ',' + time);
    if (name >= 0 && time >= 0) {
        var first = fullNames(table, name);
        check(JSON.stringify(first) === JSON.stringify(expect.fullNames),
              'the rows name the kernels in the order of --json, whole on hover', JSON.stringify(first.slice(0, 2)));
        check(ordered(values(table, time), true), 'the rows come longest first', values(table, time).slice(0, 5));
        var button = table.tHead.rows[0].cells[time].querySelector('button');
        button.click();
        check(ordered(values(table, time), true) &&
              table.tHead.rows[0].cells[time].getAttribute('aria-sort') === 'descending',
              'a click on ' + expect.sortColumn + ' sorts it largest first', values(table, time).slice(0, 5));
        button.click();
        check(ordered(values(table, time), false), 'a second click sorts it smallest first',
              values(table, time).slice(0, 5));
        table.tHead.rows[0].cells[name].querySelector('button').click();
        var sorted = names(table, name).map(function (s) { return s.toLowerCase(); });
        var copy = sorted.slice().sort();
        check(JSON.stringify(sorted) === JSON.stringify(copy), 'a click on ' + expect.nameColumn + ' sorts the names',
              sorted.slice(0, 3));
    }
    if (expect.points !== undefined)
        checkChart();
    var external = document.querySelectorAll('[src], link[href], [href^="http"]').length;
    check(external === 0, 'the page loads nothing from elsewhere', external);
    finish();
    // a page with a chart (ncu --html) and each row's explanation
    function checkChart() {
        var svg = document.querySelector('figure.chart svg');
        check(!!svg, 'the page holds the chart as inline SVG', 'none');
        var points = Array.prototype.map.call(document.querySelectorAll('figure.chart g.point > title'),
                                              function (t) { return t.textContent; });
        check(points.length === expect.points, 'the chart has ' + expect.points + ' points with a tooltip', points.length);
        var left = document.querySelectorAll('figure.chart g[onmousemove^="gnuplot_svg.showHypertext"]').length;
        check(left === 0, 'no point is left calling gnuplot\'s absent script', left);
        // a tooltip names a kernel by its label on the chart, the characters
        // that would break gnuplot's SVG drawn by look-alikes
        function lookalike(label) {
            var to = {"'": '\u2019', '"': '\u201D', '<': '\u2039', '>': '\u203A', '&': '\uFF06', '\\': '\u2216'};
            return label.replace(/['"<>&\\]/g, function (c) { return to[c]; });
    }
    (expect.drawn || []).forEach(function (label) {
        var has = points.some(function (p) { return p.split('\n')[0] === lookalike(label); });
        check(has, 'a tooltip names ' + label, points.slice(0, 1));
    });
    var details = document.querySelectorAll('details pre');
    check(details.length === expect.details, 'the page explains ' + expect.details + ' rows', details.length);
    }
    function finish() {
        var pre = document.createElement('pre');
        pre.id = 'dom-check';
        pre.textContent = lines.join('\n');
        document.body.appendChild(pre);
    }
})();
