/* The gpuroof commands; each takes its own argv (argv[0] = its name). */
#ifndef GPUROOF_COMMANDS_H
#define GPUROOF_COMMANDS_H

int cmd_bound(int argc, char **argv);
int cmd_occupancy(int argc, char **argv);
int cmd_devices(int argc, char **argv);
int cmd_profile(int argc, char **argv);
int cmd_exercises(int argc, char **argv);
int cmd_model(int argc, char **argv);
int cmd_plot(int argc, char **argv);
int cmd_measure(int argc, char **argv);
int cmd_banks(int argc, char **argv);
/* gpuroof profile detect: argv[0] is "detect"; output NULL: stdout. */
int profile_detect(const char *profiles, const char *output, int argc, char **argv);

#endif
