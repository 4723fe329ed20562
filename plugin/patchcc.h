/* patchcc.h - the Claws Mail plugin: names shared by its files. */
#ifndef PATCHCC_H
#define PATCHCC_H

/* Untranslated: Claws keys toolbar items by the plugin's name. */
#define PLUGIN_NAME "patchcc"

#endif
