// An async boundary so federation can negotiate shared singletons before any of them runs.
void import('./bootstrap');
