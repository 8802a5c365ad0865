#include <math.h>
#include <stdio.h>
#include <string.h>
#include "chart_layout.h"
#include "gnuplot_script.h"
#include "gpuroof_text.h"

/* Text from profiles, models, results and the command line goes into the
 * script: a line break there would start a gnuplot command of its own (and
 * gnuplot's `system` runs programs), so control characters become spaces. */
static int clean(char c)
{
    return (unsigned char)c < 0x20 || c == 0x7f ? ' ' : c;
}

static void plain(FILE *out, const char *text)
{
    for (const char *c = text; *c; c++)
        fputc(clean(*c), out);
}

/* A gnuplot single-quoted string of text's first length bytes (or to its
 * end): nothing is special but the quote. */
static void quoted_part(FILE *out, const char *text, size_t length)
{
    fputc('\'', out);
    for (const char *c = text; c < text + length && *c; c++) {
        if (*c == '\'')
            fputc('\'', out);
        fputc(clean(*c), out);
    }
    fputc('\'', out);
}

static void quoted(FILE *out, const char *text)
{
    quoted_part(out, text, strlen(text));
}

/* A datablock string column: double quotes, none inside. */
static void data_text(FILE *out, const char *text)
{
    fputc('"', out);
    for (const char *c = text; *c; c++)
        fputc(*c == '"' ? '\'' : clean(*c), out);
    fputc('"', out);
}

/* A tooltip as a datablock string that gnuplot's SVG terminal puts into
 * a single-quoted JavaScript string of an XML attribute: a line break as
 * the two characters \n, and the characters that would end or escape
 * either drawn by look-alikes (a kernel's name is outside text). */
static void tooltip_text(FILE *out, const char *text)
{
    fputc('"', out);
    for (const char *c = text; *c; c++)
        switch (*c) {
        case '\n': fputs("\\n", out); break;
        case '\'': fputs("\u2019", out); break;
        case '"': fputs("\u201D", out); break;
        case '<': fputs("\u2039", out); break;
        case '>': fputs("\u203A", out); break;
        case '&': fputs("\uFF06", out); break;
        case '\\': fputs("\u2216", out); break;
        default: fputc(clean(*c), out);
        }
    fputc('"', out);
}

static void write_terminal(FILE *out, const grc_script_options *opt)
{
    /* Against pngcairo at 160 pixels an inch, pdfcairo draws text about 2.2
     * times as large and markers 2.4 times smaller (measured): with these
     * scales a chart is the same picture in both, and labels placed for one
     * fit the other.  The SVG is drawn as the PNG is, at 160 units an inch
     * (its size in a page is the page's to set). */
    if (opt->terminal == GRC_TERMINAL_PDF)
        fprintf(out, "set terminal pdfcairo noenhanced color font 'Sans,%d' fontscale 0.45 size %gin,%gin\n",
                GRC_FONT_PT, opt->width_in, opt->height_in);
    else if (opt->terminal == GRC_TERMINAL_SVG)
        fprintf(out, "set terminal svg mouse standalone noenhanced font 'Sans,%d' size %d,%d\n",
                GRC_FONT_PT, (int)(opt->width_in * 160), (int)(opt->height_in * 160));
    else
        fprintf(out, "set terminal pngcairo noenhanced color font 'Sans,%d' pointscale 2.4 size %d,%d\n",
                GRC_FONT_PT, (int)(opt->width_in * 160), (int)(opt->height_in * 160));
}

static void write_header(FILE *out, const grc_figure *fig, const grc_script_options *opt)
{
    fprintf(out, "# ");
    plain(out, fig->title);
    fprintf(out, "\n# Made by: ");
    plain(out, opt->made_by);
    fprintf(out, "\n");
    fprintf(out, "# Self-contained: edit it and run `gnuplot THIS_FILE`, or\n");
    fprintf(out, "# `gnuplot -e \"outfile='other.pdf'\" THIS_FILE`.\n");
    fprintf(out, "if (!exists(\"outfile\")) outfile = ");
    quoted(out, opt->output);
    fprintf(out, "\n");
    write_terminal(out, opt);
    fprintf(out, "set output outfile\n\n# ---- style (plots/style.gp) ----\n%s\n# ---- data ----\n", opt->style);
}

static bool has_tooltips(const grc_series *s)
{
    for (size_t i = 0; i < s->count; i++)
        if (s->points[i].tooltip[0])
            return true;
    return false;
}

static void write_data(FILE *out, const grc_chart *c, size_t chart, grc_terminal terminal)
{
    for (size_t s = 0; s < c->series_count; s++) {
        fprintf(out, "$C%zuS%zu << EOD\n", chart, s);
        for (size_t i = 0; i < c->series[s]->count; i++) {
            const grc_point *p = &c->series[s]->points[i];
            fprintf(out, "%.9g %.9g ", p->x, p->y);
            data_text(out, p->label);
            if (terminal == GRC_TERMINAL_SVG) {
                fputc(' ', out);
                tooltip_text(out, p->tooltip);
            }
            fprintf(out, "\n");
        }
        fprintf(out, "EOD\n");
    }
}

gr_num grc_tick_of(double value)
{
    static const char *const prefixes[] = {"", "k", "M", "G", "T", "P", "E"};
    size_t prefix = 0;
    for (; value >= 1000 && prefix + 1 < sizeof prefixes / sizeof prefixes[0]; prefix++)
        value /= 1000;
    gr_num tick;
    snprintf(tick.text, sizeof tick.text, "%.*s%s", GR_NUM_TEXT_LONGEST, GR_NUM(value), prefixes[prefix]);
    return tick;
}

/* A log axis's ticks, each written out: labelled at every power of ten (and
 * at its 2 and 5 where the axis spans under three decades, so that a short
 * axis has labels enough), unlabelled minor ticks between. */
static void write_log_tics(FILE *out, const char *axis, double min, double max)
{
    bool short_axis = log10(max / min) < 3;
    const char *separator = "";
    fprintf(out, "set %stics (", axis);
    for (int decade = (int)floor(log10(min)); decade <= (int)ceil(log10(max)); decade++)
        for (int m = 1; m <= 9; m++) {
            double value = m * pow(10, decade);
            if (value < min * (1 - 1e-9) || value > max * (1 + 1e-9))
                continue;
            /* gnuplot drops a tick given exactly at the end of a log axis:
             * it goes a hair inside */
            double at = value * (value < min * (1 + 1e-9) ? 1 + 1e-9 : value > max * (1 - 1e-9) ? 1 - 1e-9 : 1);
            if (m == 1 || (short_axis && (m == 2 || m == 5)))
                fprintf(out, "%s\"%s\" %.12g", separator, GRC_TICK(value), at);
            else
                fprintf(out, "%s\"\" %.12g 1", separator, at);
            separator = ", ";
        }
    fprintf(out, ")\n");
}

static void write_axes(FILE *out, const grc_chart *c)
{
    fprintf(out, "unset label\nunset arrow\nset title ");
    quoted(out, c->title);
    fprintf(out, "\nset xlabel ");
    quoted(out, c->xlabel);
    fprintf(out, "\nset ylabel ");
    quoted(out, c->ylabel);
    fprintf(out, "\n%s\n", c->log_x && c->log_y ? "set logscale xy" : c->log_x ? "set logscale x\nunset logscale y"
                                                                            : "unset logscale");
    double y_scale = c->y_percent ? 100 : 1; /* the series are drawn as ($2*100) */
    fprintf(out, "set xrange [%.9g:%.9g]\nset yrange [%.9g:%.9g]\n", c->xmin, c->xmax, c->ymin * y_scale,
            c->ymax * y_scale);
    bool keyed = false;
    for (size_t i = 0; i < c->series_count; i++)
        keyed = keyed || c->series[i]->key[0];
    if (keyed)
        fprintf(out, "set key %s\n", c->key_bottom_right ? "bottom right" : "top left");
    else
        fprintf(out, "unset key\n"); /* an empty key still draws its box */
    if (c->log_x)
        write_log_tics(out, "x", c->xmin, c->xmax);
    else
        fprintf(out, "set xtics autofreq\nset format x '%%g'\n");
    if (c->log_y)
        write_log_tics(out, "y", c->ymin, c->ymax);
    else
        fprintf(out, "set ytics autofreq\nset format y '%s'\n", c->y_percent ? "%g%%" : "%g");
}

/* Where a placed label goes: at what it names, offset (in shares of the
 * page) to where the layout put it, so that the script itself says both
 * (tests/cli/label_boxes.py reads them); a label moved farther than
 * GRC_LEADER_IN from it gets a thin leader line to it. */
static void write_label_place(FILE *out, const grc_chart *c, const grc_label *l, size_t tag, double page_w_in,
                              double page_h_in)
{
    static const char *const align[] = {"left", "center", "right"};
    double y_scale = c->y_percent ? 100 : 1; /* as the series are drawn */
    double ax, ay, x = grc_page_x(c, l->x), y = grc_page_y(c, l->y);
    if (!grc_label_anchor(c, l, &ax, &ay) || !isfinite(ax) || !isfinite(ay) || !isfinite(x) || !isfinite(y)) {
        fprintf(out, " at %.9g,%.9g %s", l->x, l->y * y_scale, align[l->align]);
        return;
    }
    fprintf(out, " at %.9g,%.9g %s offset screen %.6f,%.6f", grc_axis_x(c, ax), grc_axis_y(c, ay) * y_scale,
            align[l->align], (x - ax) / page_w_in, (y - ay) / page_h_in);
    grc_label_box box = grc_chart_label_box(c, l);
    double nx, ny;
    if (grc_label_box_distance(&box, ax, ay, &nx, &ny) > GRC_LEADER_IN)
        fprintf(out, "\nset arrow %zu from %.9g,%.9g to %.9g,%.9g nohead back linewidth 0.5 linecolor rgb '#888888'",
                tag, grc_axis_x(c, ax), grc_axis_y(c, ay) * y_scale, grc_axis_x(c, nx), grc_axis_y(c, ny) * y_scale);
}

/* The note under the chart, a label a line, from the page's foot up, as
 * wide as the page allows (the plot area's foot is raised to hold it). */
static void write_note(FILE *out, const grc_chart *c, size_t tag, double page_w_in, double page_h_in)
{
    enum { MOST = 64 };
    size_t starts[MOST], lengths[MOST], lines = grc_note_lines(c->note, page_w_in, starts, lengths, MOST);
    double foot_in = page_h_in > 0 ? page_h_in : 5; /* a figure without a size: drawn as the roofline's page */
    for (size_t i = 0; i < lines && i < MOST; i++) {
        fprintf(out, "set label %zu ", tag + i);
        quoted_part(out, c->note + starts[i], lengths[i]);
        fprintf(out, " at screen %.3f,%.4f left font ',%d' textcolor rgb '#555555'\n", GRC_NOTE_SIDE_SHARE,
                (GRC_NOTE_FOOT_IN + (double)(lines - 1 - i) * GRC_NOTE_LINE_IN) / foot_in, GRC_NOTE_FONT_PT);
    }
}

static void write_labels(FILE *out, const grc_chart *c, double page_w_in, double page_h_in)
{
    for (size_t i = 0; i < c->label_count; i++) {
        const grc_label *l = &c->labels[i];
        fprintf(out, "set label %zu ", i + 1);
        quoted(out, l->text);
        fprintf(out, " rotate by %.3g front%s", l->angle, l->angle == 0 && !l->unboxed ? " boxed" : "");
        if (l->small)
            fprintf(out, " font ',%d'", GRC_SMALL_FONT_PT);
        if (l->color)
            fprintf(out, " textcolor linetype %d", l->color);
        write_label_place(out, c, l, i + 1, page_w_in, page_h_in);
        fprintf(out, "\n");
    }
    write_note(out, c, c->label_count + 1, page_w_in, page_h_in);
}

static void write_series(FILE *out, const grc_chart *c, size_t chart, size_t s, grc_terminal terminal)
{
    const grc_series *series = c->series[s];
    const char *scale = c->y_percent ? "($2*100)" : "2";
    fprintf(out, "$C%zuS%zu using 1:%s", chart, s, scale);
    if (series->draw == GRC_DRAW_POINTS && terminal == GRC_TERMINAL_SVG && has_tooltips(series))
        fprintf(out, ":4 with labels hypertext point linetype %d pointtype %d pointsize %s", series->color,
                series->marker ? series->marker : 7, series->thin ? "0.35" : "0.8");
    else if (series->draw == GRC_DRAW_POINTS)
        fprintf(out, " with points linetype %d pointtype %d pointsize %s", series->color,
                series->marker ? series->marker : 7, series->thin ? "0.35" : "0.8");
    else
        fprintf(out, " with %s linetype %d linewidth %s dashtype %s",
                series->draw == GRC_DRAW_STEPS ? "fsteps" : series->draw == GRC_DRAW_IMPULSES ? "impulses" : "lines",
                series->color, series->thin ? "1" : "2", series->dashed ? "2" : "1");
    fprintf(out, " title ");
    quoted(out, series->key);
}

static void write_plot(FILE *out, const grc_chart *c, size_t chart, grc_terminal terminal)
{
    fprintf(out, "plot ");
    for (size_t s = 0; s < c->series_count; s++) {
        if (s)
            fprintf(out, ", \\\n     ");
        write_series(out, c, chart, s, terminal);
    }
    fprintf(out, "\n");
}

/* The note's lines the bottom margin holds: as many as it has, or the
 * room its labels were placed for. */
static size_t note_room(const grc_chart *c, double page_w_in)
{
    size_t lines = grc_note_lines(c->note, page_w_in, NULL, NULL, 0);
    return lines > c->note_room ? lines : c->note_room;
}

bool grc_gnuplot_write(FILE *out, const grc_figure *fig, const grc_script_options *opt)
{
    write_header(out, fig, opt);
    for (size_t i = 0; i < fig->chart_count; i++)
        write_data(out, &fig->charts[i], i, opt->terminal);
    if (fig->chart_count > 1) {
        fprintf(out, "\nset multiplot title ");
        quoted(out, fig->title);
        fprintf(out, "\n");
    }
    for (size_t i = 0; i < fig->chart_count; i++) {
        fprintf(out, "\n# ---- ");
        plain(out, fig->charts[i].title);
        fprintf(out, " ----\n");
        grc_plot_area area = grc_figure_plot_area(i, fig->chart_count,
                                                note_room(&fig->charts[i], fig->width_in),
                                                fig->height_in);
        fprintf(out, "set lmargin at screen %.3f\nset rmargin at screen %.3f\n", area.left, area.right);
        fprintf(out, "set bmargin at screen %.3f\nset tmargin at screen %.3f\n", area.bottom, area.top);
        write_axes(out, &fig->charts[i]);
        write_labels(out, &fig->charts[i], fig->width_in, fig->height_in);
        write_plot(out, &fig->charts[i], i, opt->terminal);
    }
    if (fig->chart_count > 1)
        fprintf(out, "unset multiplot\n");
    return !ferror(out);
}
